import { Body, Controller, Delete, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SectionIdParam, SurveyIdParam } from '../common/params';
import { type Actor, CurrentActor } from '../identity/actor';
import { AddSectionDto, ImportExternalSectionDto, ImportSectionDto, UpdateSectionDto } from './sections.dto';
import { SectionsService } from './sections.service';

@ApiTags('sections')
@Controller('api')
export class SectionsController {
  constructor(private readonly sections: SectionsService) {}

  @Post('surveys/:surveyId/sections')
  @ApiOperation({ summary: 'Add a section with draft questions generated from its title.' })
  add(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: AddSectionDto) {
    return this.sections.add(actor, surveyId, body);
  }

  @Post('sections/import')
  import(@CurrentActor() actor: Actor, @Body() body: ImportSectionDto) {
    return this.sections.import(actor, body);
  }

  @Post('sections/import-from-external')
  @ApiOperation({ summary: 'Build one section from library entries.' })
  importFromExternal(@CurrentActor() actor: Actor, @Body() body: ImportExternalSectionDto) {
    return this.sections.importFromLibrary(actor, body);
  }

  @Patch('sections/:sectionId')
  update(@CurrentActor() actor: Actor, @Param() { sectionId }: SectionIdParam, @Body() body: UpdateSectionDto) {
    return this.sections.update(actor, sectionId, body);
  }

  @Delete('sections/:sectionId')
  remove(@CurrentActor() actor: Actor, @Param() { sectionId }: SectionIdParam) {
    return this.sections.remove(actor, sectionId);
  }

  @Post('sections/:sectionId/duplicate')
  duplicate(@CurrentActor() actor: Actor, @Param() { sectionId }: SectionIdParam) {
    return this.sections.duplicate(actor, sectionId);
  }
}
