import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses } from '@platform/contracts';
import { DeletedResponse } from '../common/deleted.response';
import { SurveyIdParam } from '../common/id-params';
import { type Actor, CurrentActor } from '../identity/actor';
import { SurveyResponse } from '../survey-core/dto/survey.response';
import { ListSurveysQuery } from './dto/list-surveys.query';
import { CreateSurveyDto, FavoriteDto, UpdateSurveyDto } from './dto/survey.dto';
import { SurveyCopyDto } from './dto/survey-copy.dto';
import { ExportResponse, FavoriteResponse, SurveyListEntryResponse } from './dto/survey-extras.response';
import { RenumberService } from './renumber.service';
import { SurveyExportService } from './survey-export.service';
import { SurveysService } from './surveys.service';

const SURVEY_MISSING = { 404: 'The survey does not exist, is deleted, or the caller lacks the permission' };

@ApiTags('Surveys')
@Controller('api')
export class SurveysController {
  constructor(
    private readonly surveys: SurveysService,
    private readonly exports: SurveyExportService,
    private readonly renumbering: RenumberService,
  ) {}

  @Get('surveys')
  @ApiOperation({
    operationId: 'listSurveys',
    summary: 'List surveys',
    description: 'Surveys the caller may view (administrators: all), favorites first.',
  })
  @ApiBuilderResponse(200, [SurveyListEntryResponse], 'List entries')
  list(@CurrentActor() actor: Actor, @Query() query: ListSurveysQuery): Promise<SurveyListEntryResponse[]> {
    return this.surveys.list(actor, query);
  }

  @Post('surveys')
  @ApiOperation({
    operationId: 'createSurvey',
    summary: 'Create a survey',
    description: 'With version 1, the creator’s edit permission and, by default, a first draft.',
  })
  @ApiBuilderResponse(201, SurveyResponse, 'The new survey')
  create(@CurrentActor() actor: Actor, @Body() body: CreateSurveyDto): Promise<SurveyResponse> {
    return this.surveys.create(actor, body);
  }

  @Get('surveys/:surveyId')
  @ApiOperation({
    operationId: 'getSurvey',
    summary: 'Read a survey',
    description: 'The latest version’s sections, the permissions and the version history.',
  })
  @ApiBuilderResponse(200, SurveyResponse, 'The survey')
  @ApiErrorResponses(SURVEY_MISSING)
  detail(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<SurveyResponse> {
    return this.surveys.detail(actor, surveyId);
  }

  @Patch('surveys/:surveyId')
  @ApiOperation({
    operationId: 'updateSurvey',
    summary: 'Update a survey’s basics',
    description: 'Only the fields sent change; needs edit.',
  })
  @ApiBuilderResponse(200, SurveyResponse, 'The survey')
  @ApiErrorResponses(SURVEY_MISSING)
  update(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: UpdateSurveyDto): Promise<SurveyResponse> {
    return this.surveys.update(actor, surveyId, body);
  }

  @Delete('surveys/:surveyId')
  @ApiOperation({
    operationId: 'deleteSurvey',
    summary: 'Delete a survey',
    description: 'Soft delete; the creator or an administrator only.',
  })
  @ApiBuilderResponse(200, DeletedResponse, 'Deleted')
  @ApiErrorResponses({ 403: 'Neither the creator nor an administrator', 404: 'The survey does not exist or is already deleted' })
  remove(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<DeletedResponse> {
    return this.surveys.remove(actor, surveyId);
  }

  @Post('surveys/:surveyId/duplicate')
  @ApiOperation({
    operationId: 'duplicateSurvey',
    summary: 'Duplicate a survey',
    description: 'A new survey (version 1) from the latest version; needs view.',
  })
  @ApiBuilderResponse(201, SurveyResponse, 'The copy')
  @ApiErrorResponses(SURVEY_MISSING)
  duplicate(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<SurveyResponse> {
    return this.surveys.duplicate(actor, surveyId);
  }

  @Post('survey-copies')
  @ApiOperation({
    operationId: 'copySurvey',
    summary: 'Copy a survey or one of its versions',
    description: 'Latest version when sourceVersionNo is omitted; needs view.',
  })
  @ApiBuilderResponse(201, SurveyResponse, 'The copy')
  @ApiErrorResponses({ 404: 'The source survey or version does not exist, or the caller lacks view' })
  copy(@CurrentActor() actor: Actor, @Body() body: SurveyCopyDto): Promise<SurveyResponse> {
    return this.surveys.copyFrom(actor, body);
  }

  @Post('surveys/:surveyId/questions/renumber')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'renumberQuestions',
    summary: 'Renumber question codes',
    description: 'T1, T2 for intro questions and Q1, Q2 for the rest, logic re-pointed.',
  })
  @ApiBuilderResponse(200, SurveyResponse, 'The survey, unchanged when nothing needed renumbering')
  @ApiErrorResponses(SURVEY_MISSING)
  renumber(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<SurveyResponse> {
    return this.renumbering.renumber(actor, surveyId);
  }

  @Post('surveys/:surveyId/archive')
  @HttpCode(200)
  @ApiOperation({ operationId: 'archiveSurvey', summary: 'Archive a survey', description: 'The same as PATCH with status アーカイブ.' })
  @ApiBuilderResponse(200, SurveyResponse, 'The survey')
  @ApiErrorResponses(SURVEY_MISSING)
  archive(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<SurveyResponse> {
    return this.surveys.archive(actor, surveyId);
  }

  @Post('surveys/:surveyId/export')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'exportSurvey',
    summary: 'Export a survey',
    description: 'The questionnaire as JSON; marks it 出力済み and replaces its library entries.',
  })
  @ApiBuilderResponse(200, ExportResponse, 'The exported questionnaire')
  @ApiErrorResponses(SURVEY_MISSING)
  export(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<ExportResponse> {
    return this.exports.export(actor, surveyId);
  }

  @Post('surveys/:surveyId/exports')
  @HttpCode(200)
  @ApiOperation({ operationId: 'createSurveyExport', summary: 'Export a survey (alias of export)' })
  @ApiBuilderResponse(200, ExportResponse, 'The exported questionnaire')
  @ApiErrorResponses(SURVEY_MISSING)
  exportAlias(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<ExportResponse> {
    return this.exports.export(actor, surveyId);
  }

  @Put('surveys/:surveyId/favorite')
  @ApiOperation({
    operationId: 'setSurveyFavorite',
    summary: 'Set or clear the caller’s favorite',
    description: 'Needs edit, as the permission table says.',
  })
  @ApiBuilderResponse(200, FavoriteResponse, 'The favorite as stored')
  @ApiErrorResponses(SURVEY_MISSING)
  favorite(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: FavoriteDto): Promise<FavoriteResponse> {
    return this.surveys.setFavorite(actor, surveyId, body.favorite);
  }
}
