import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SurveyIdParam, SurveyVersionParam } from '../common/params';
import { type Actor, CurrentActor } from '../identity/actor';
import { VersionsService } from './versions.service';

@ApiTags('versions')
@Controller('api/surveys/:surveyId')
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  @Post('save')
  @ApiOperation({ summary: 'New version copying the latest.' })
  save(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.versions.save(actor, surveyId);
  }

  @Post('versions')
  @ApiOperation({ summary: 'Alias of save.' })
  saveAlias(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.versions.save(actor, surveyId);
  }

  @Get('versions')
  history(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.versions.history(actor, surveyId);
  }

  @Post('versions/:versionNo/rollback')
  rollback(@CurrentActor() actor: Actor, @Param() { surveyId, versionNo }: SurveyVersionParam) {
    return this.versions.rollback(actor, surveyId, Number(versionNo));
  }

  @Post('versions/:versionNo/duplicate')
  duplicate(@CurrentActor() actor: Actor, @Param() { surveyId, versionNo }: SurveyVersionParam) {
    return this.versions.duplicate(actor, surveyId, Number(versionNo));
  }
}
