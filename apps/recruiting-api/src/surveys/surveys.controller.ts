import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiRecruitingResponse } from '@platform/contracts';
import {
  ListPanelsQuery,
  ListQuestionsQuery,
  ListRespondentsQuery,
  ListSurveysQuery,
  PanelDetailQuery,
  PanelParams,
  SurveyIdParam,
} from './dto/surveys.dto';
import { SurveysService } from './surveys.service';
import {
  PanelDetailResponse,
  PanelListResponse,
  RespondentListResponse,
  SurveyDetailResponse,
  SurveyListResponse,
  SurveyPreviewResponse,
  SurveyQuestionsResponse,
} from './dto/surveys.response';

/** When the respondents route was deprecated (RFC 9745 Deprecation header: @ and Unix seconds), 2026-01-01. */
export const RESPONDENTS_DEPRECATED_AT = '@1767225600';
/**
 * When it may be removed (RFC 8594 Sunset header, an HTTP date): six months after the release that announced it, the
 * notice the deprecation policy gives (docs/operations/releases.md); it goes in the first major release after that.
 */
export const RESPONDENTS_SUNSET = 'Tue, 01 Jun 2027 00:00:00 GMT';

const UNKNOWN = { 404: 'The survey is not in the metadata cache (checked before any warehouse query)' };
const NO_WAREHOUSE = { 503: 'WAREHOUSE_URL is not set (DATA_WAREHOUSE_NOT_CONFIGURED)' };

@ApiTags('Survey data')
@Controller('api/v1/surveys')
export class SurveysController {
  constructor(private readonly surveys: SurveysService) {}

  @Get()
  @ApiOperation({
    operationId: 'listRecruitingSurveys',
    summary: 'List surveys',
    description: 'Any role; from the survey metadata cache (refreshed at start-up and by warehouse:sync).',
  })
  @ApiRecruitingResponse(200, SurveyListResponse, 'A slice of the surveys with the total')
  @ApiErrorResponses({ 400: 'A malformed query', ...NO_WAREHOUSE })
  list(@Query() query: ListSurveysQuery): Promise<SurveyListResponse> {
    return this.surveys.list(query);
  }

  @Get(':surveyId')
  @ApiOperation({
    operationId: 'getRecruitingSurvey',
    summary: 'Survey detail',
    description: 'Any role; statistics are a snapshot from the last synchronisation.',
  })
  @ApiRecruitingResponse(200, SurveyDetailResponse, 'The survey with its statistics')
  @ApiErrorResponses({ 400: 'A malformed id', ...UNKNOWN })
  detail(@Param() { surveyId }: SurveyIdParam): Promise<SurveyDetailResponse> {
    return this.surveys.detail(surveyId);
  }

  @Get(':surveyId/questions')
  @ApiOperation({
    operationId: 'listRecruitingSurveyQuestions',
    summary: 'Survey questions',
    description: 'Any role; a matrix question is one question per item, keyed `question|||item`.',
  })
  @ApiRecruitingResponse(200, SurveyQuestionsResponse, 'A slice of the questions with the total')
  @ApiErrorResponses({ 400: 'A malformed query', ...UNKNOWN, ...NO_WAREHOUSE })
  questions(@Param() { surveyId }: SurveyIdParam, @Query() query: ListQuestionsQuery): Promise<SurveyQuestionsResponse> {
    return this.surveys.questions(surveyId, query);
  }

  @Get(':surveyId/preview')
  @ApiOperation({
    operationId: 'getRecruitingSurveyPreview',
    summary: 'Survey preview',
    description: 'Any role; the questions and the first five completed respondents.',
  })
  @ApiRecruitingResponse(200, SurveyPreviewResponse, 'Questions and sample respondents')
  @ApiErrorResponses({ 400: 'A malformed id', ...UNKNOWN, ...NO_WAREHOUSE })
  preview(@Param() { surveyId }: SurveyIdParam): Promise<SurveyPreviewResponse> {
    return this.surveys.preview(surveyId);
  }

  @Get(':surveyId/panels')
  @ApiOperation({
    operationId: 'listSurveyPanels',
    summary: 'Respondents (panels)',
    description: 'Any role; IP addresses masked (IPv4 last octet, IPv6 last 80 bits).',
  })
  @ApiRecruitingResponse(200, PanelListResponse, 'A slice of the respondents with the total')
  @ApiErrorResponses({ 400: 'A malformed query', ...UNKNOWN, ...NO_WAREHOUSE })
  panels(@Param() { surveyId }: SurveyIdParam, @Query() query: ListPanelsQuery): Promise<PanelListResponse> {
    return this.surveys.panels(surveyId, query);
  }

  @Get(':surveyId/panels/:panelId')
  @ApiOperation({
    operationId: 'getSurveyPanel',
    summary: 'Respondent detail',
    description: 'Any role; one answer row per question and option.',
  })
  @ApiRecruitingResponse(200, PanelDetailResponse, 'The respondent with its answers')
  @ApiErrorResponses({ 400: 'A malformed query', 404: 'The survey or the respondent does not exist', ...NO_WAREHOUSE })
  panel(@Param() { surveyId, panelId }: PanelParams, @Query() query: PanelDetailQuery): Promise<PanelDetailResponse> {
    return this.surveys.panel(surveyId, panelId, query.includeUnanswered);
  }

  @Get(':surveyId/respondents')
  @Header('Deprecation', RESPONDENTS_DEPRECATED_AT)
  @Header('Sunset', RESPONDENTS_SUNSET)
  @ApiOperation({
    operationId: 'listSurveyRespondents',
    summary: 'Respondents with answers (deprecated)',
    description:
      'Any role; deprecated in favour of /panels since 2026-01-01 (Deprecation header) and removed after 2027-06-01 (Sunset header). Answers pivoted by question text.',
    deprecated: true,
  })
  @ApiRecruitingResponse(200, RespondentListResponse, 'A slice of the respondents with their answers')
  @ApiErrorResponses({ 400: 'A malformed query', ...UNKNOWN, ...NO_WAREHOUSE })
  respondents(@Param() { surveyId }: SurveyIdParam, @Query() query: ListRespondentsQuery): Promise<RespondentListResponse> {
    return this.surveys.respondents(surveyId, query);
  }
}
