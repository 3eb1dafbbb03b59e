import { Body, Controller, Delete, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses } from '@platform/contracts';
import { DeletedResponse } from '../common/deleted.response';
import { SectionIdParam, SurveyIdParam } from '../common/id-params';
import { LIMIT_REFUSALS } from '../domain/limits';
import { type Actor, CurrentActor } from '../identity/actor';
import { SectionResponse } from '../snapshot/dto/section.response';
import { AddSectionDto, ImportExternalSectionDto, ImportSectionDto, UpdateSectionDto } from './dto/section.dto';
import { SectionsService } from './sections.service';

const SECTION_MISSING = { 404: 'The section is not in its survey’s latest version, or the caller lacks edit' };
/** A new section with questions, copied or imported: every limit of a survey and of its questions may refuse it. */
const SECTION_LIMITS = {
  400: `${LIMIT_REFUSALS.sections}; ${LIMIT_REFUSALS.questions}; ${LIMIT_REFUSALS.content}; or the request is malformed`,
};

@ApiTags('Sections')
@Controller('api')
export class SectionsController {
  constructor(private readonly sections: SectionsService) {}

  @Post('surveys/:surveyId/sections')
  @ApiOperation({
    operationId: 'addSection',
    summary: 'Add a section',
    description: 'At the end, with draft questions generated from its title; codes stay unique.',
  })
  @ApiBuilderResponse(201, SectionResponse, 'The new section')
  @ApiErrorResponses({
    400: `${LIMIT_REFUSALS.sections}; ${LIMIT_REFUSALS.questions} (with the section's draft questions); or the body is malformed`,
    404: 'The survey does not exist, or the caller lacks edit',
  })
  add(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: AddSectionDto): Promise<SectionResponse> {
    return this.sections.add(actor, surveyId, body);
  }

  @Post('sections/import')
  @ApiOperation({
    operationId: 'importSection',
    summary: 'Import a section from another survey',
    description: 'Edit on the target, view on the source; added at the end.',
  })
  @ApiBuilderResponse(201, SectionResponse, 'The new section')
  @ApiErrorResponses({ ...SECTION_LIMITS, 404: 'The source or target does not exist, or the caller lacks the permission' })
  import(@CurrentActor() actor: Actor, @Body() body: ImportSectionDto): Promise<SectionResponse> {
    return this.sections.import(actor, body);
  }

  @Post('sections/import-from-external')
  @ApiOperation({
    operationId: 'importSectionFromLibrary',
    summary: 'Build a section from library entries',
    description: 'In the order given, without logic; edit on the target.',
  })
  @ApiBuilderResponse(201, SectionResponse, 'The new section')
  @ApiErrorResponses({ ...SECTION_LIMITS, 404: 'The target survey or a library entry does not exist, or the caller lacks the permission' })
  importFromExternal(@CurrentActor() actor: Actor, @Body() body: ImportExternalSectionDto): Promise<SectionResponse> {
    return this.sections.importFromLibrary(actor, body);
  }

  @Patch('sections/:sectionId')
  @ApiOperation({
    operationId: 'updateSection',
    summary: 'Update or move a section',
    description: 'A sortOrder swaps with the section at that position.',
  })
  @ApiBuilderResponse(200, SectionResponse, 'The section')
  @ApiErrorResponses(SECTION_MISSING)
  update(@CurrentActor() actor: Actor, @Param() { sectionId }: SectionIdParam, @Body() body: UpdateSectionDto): Promise<SectionResponse> {
    return this.sections.update(actor, sectionId, body);
  }

  @Delete('sections/:sectionId')
  @ApiOperation({
    operationId: 'deleteSection',
    summary: 'Delete a section',
    description: 'With its questions, choices and rules, from the latest version only.',
  })
  @ApiBuilderResponse(200, DeletedResponse, 'Deleted')
  @ApiErrorResponses(SECTION_MISSING)
  remove(@CurrentActor() actor: Actor, @Param() { sectionId }: SectionIdParam): Promise<DeletedResponse> {
    return this.sections.remove(actor, sectionId);
  }

  @Post('sections/:sectionId/duplicate')
  @ApiOperation({
    operationId: 'duplicateSection',
    summary: 'Duplicate a section',
    description: 'A copy at the end with new codes; internal references follow the copy.',
  })
  @ApiBuilderResponse(201, SectionResponse, 'The copy')
  @ApiErrorResponses({ ...SECTION_LIMITS, ...SECTION_MISSING })
  duplicate(@CurrentActor() actor: Actor, @Param() { sectionId }: SectionIdParam): Promise<SectionResponse> {
    return this.sections.duplicate(actor, sectionId);
  }
}
