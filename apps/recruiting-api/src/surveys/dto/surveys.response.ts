import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { QUESTION_TYPES } from './surveys.dto';

const SURVEY_ID = { description: 'The warehouse survey id', example: 'svy-2026-usage' };
const PANEL_ID = { description: 'The respondent (panel) id', example: 'p-2026-usage-00042' };
const QUESTION_TYPE = { enum: QUESTION_TYPES, description: 'The kind of answer the question takes' };
const COMPLETED_AT = {
  type: String,
  format: 'date-time',
  nullable: true,
  description: 'When the respondent completed (ISO 8601); null if not',
  example: '2026-09-14T11:32:08.000Z',
};
const TOTAL = { type: 'integer', description: 'How many items match in all, over every page', example: 2000 } as const;
const LIMIT = { type: 'integer', description: 'The page size asked for', example: 20 } as const;
const OFFSET = { type: 'integer', description: 'How many matching items were skipped before this page', example: 0 } as const;

@ApiSchema({ description: 'A survey of the warehouse, as of the last synchronisation of the metadata cache.' })
export class SurveySummary {
  @ApiProperty(SURVEY_ID) surveyId!: string;
  @ApiProperty({ description: 'The survey name', example: '2026年 サービス利用実態調査' }) name!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the survey last changed in the warehouse (ISO 8601); null when unknown',
    example: '2026-10-11T00:00:00.000Z',
  })
  lastModified!: string | null;
  @ApiProperty({ type: 'integer', description: 'Number of answer files the warehouse loaded for the survey', example: 3 })
  fileCount!: number;
  @ApiProperty({ type: 'integer', description: 'Respondents, completed or not', example: 2000 }) respondentCount!: number;
}

@ApiSchema({ description: 'A page of the surveys of the warehouse.' })
export class SurveyListResponse {
  @ApiProperty({ type: () => [SurveySummary], description: 'The surveys of this page, in the order asked for' }) surveys!: SurveySummary[];
  @ApiProperty({ ...TOTAL, example: 3 }) total!: number;
  @ApiProperty(LIMIT) limit!: number;
  @ApiProperty(OFFSET) offset!: number;
}

@ApiSchema({ description: "A survey's respondent counts and answer period." })
export class SurveyStatistics {
  @ApiProperty({ type: 'integer', description: 'Respondents, completed or not', example: 2000 }) totalRespondents!: number;
  @ApiProperty({ type: 'integer', description: 'Respondents who completed the survey', example: 1760 }) completedRespondents!: number;
  @ApiProperty({ type: 'integer', description: 'Questions, each matrix item counted as one', example: 14 }) questionCount!: number;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The earliest completion (ISO 8601); null when nobody completed',
    example: '2026-09-01T00:12:31.000Z',
  })
  earliestResponseAt!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The latest completion (ISO 8601); null when nobody completed',
    example: '2026-10-01T08:40:02.000Z',
  })
  latestResponseAt!: string | null;
}

@ApiSchema({ description: "A survey's name, collector and statistics, from the metadata cache." })
export class SurveyDetailResponse {
  @ApiProperty(SURVEY_ID) surveyId!: string;
  @ApiProperty({ description: 'The survey name', example: '2026年 サービス利用実態調査' }) surveyName!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The collector (distribution channel) the answers came through; null when unknown',
    example: 'Webパネル 本調査',
  })
  collectorName!: string | null;
  @ApiProperty({ type: () => SurveyStatistics, description: 'A snapshot from the last synchronisation' }) statistics!: SurveyStatistics;
  @ApiProperty({
    format: 'date-time',
    description: 'When the cache last synchronised this survey (ISO 8601)',
    example: '2026-11-29T00:00:00.000Z',
  })
  syncedAt!: string;
}

@ApiSchema({ description: 'A question of a survey.' })
export class SurveyQuestion {
  @ApiProperty({ description: "The question's id within the survey", example: 'q9_1' }) questionId!: string;
  @ApiProperty({ description: 'The question text; a matrix item is keyed `question|||item`', example: 'サービスの満足度|||価格' })
  questionText!: string;
  @ApiProperty(QUESTION_TYPE) questionType!: string;
  @ApiProperty({
    type: [String],
    required: false,
    description: 'The options of a select question (empty for other kinds); only with includeOptions=true',
    example: ['とても満足', 'やや満足', 'どちらともいえない', 'やや不満', 'とても不満'],
  })
  options?: string[];
}

@ApiSchema({ description: "A page of a survey's questions, in survey order." })
export class SurveyQuestionsResponse {
  @ApiProperty(SURVEY_ID) surveyId!: string;
  @ApiProperty({ type: () => [SurveyQuestion], description: 'The questions of this page, in survey order' }) questions!: SurveyQuestion[];
  @ApiProperty({ ...TOTAL, example: 14 }) total!: number;
  @ApiProperty({ ...LIMIT, example: 50 }) limit!: number;
  @ApiProperty(OFFSET) offset!: number;
}

@ApiSchema({ description: 'A question of a survey, as the preview lists it.' })
export class PreviewQuestion {
  @ApiProperty({ description: "The question's id within the survey", example: 'q5' }) questionId!: string;
  @ApiProperty({ description: 'The question text; a matrix item is keyed `question|||item`', example: '性別' }) questionText!: string;
  @ApiProperty(QUESTION_TYPE) questionType!: string;
}

@ApiSchema({ description: 'A completed respondent shown in the survey preview, with answers and metadata.' })
export class SampleRespondent {
  @ApiProperty(PANEL_ID) respondentId!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Answers keyed by question text (a multi-select as an array, a number as a number)',
    example: { 性別: '女性', 年齢: 34, '利用しているサービス(複数選択)': ['動画配信', '電子書籍'] },
  })
  answers!: Record<string, unknown>;
  @ApiProperty(COMPLETED_AT)
  completedAt!: string | null;
  @ApiProperty({
    type: 'object',
    description: 'Panel metadata (no IP address)',
    required: ['isCompleted', 'customKey', 'platform', 'browser', 'os', 'isMobile'],
    properties: {
      isCompleted: { type: 'boolean', description: 'Whether the respondent completed the survey' },
      customKey: {
        type: 'string',
        nullable: true,
        description: 'The key the panel provider attached to the respondent; null when none',
        example: 'ck_1x9b7qz',
      },
      platform: { type: 'string', nullable: true, description: 'Device platform; null when not recorded', example: 'iOS' },
      browser: { type: 'string', nullable: true, description: 'Browser name; null when not recorded', example: 'Safari' },
      os: { type: 'string', nullable: true, description: 'Operating system and version; null when not recorded', example: 'iOS 18.1' },
      isMobile: { type: 'boolean', nullable: true, description: 'Whether the device was mobile; null when not recorded' },
    },
  })
  metadata!: Record<string, unknown>;
}

@ApiSchema({ description: 'A first look at a survey: every question and the first five completed respondents.' })
export class SurveyPreviewResponse {
  @ApiProperty(SURVEY_ID) surveyId!: string;
  @ApiProperty({ type: () => [PreviewQuestion], description: 'Every question, in survey order' }) questions!: PreviewQuestion[];
  @ApiProperty({ type: 'integer', description: 'Respondents, completed or not', example: 2000 }) totalRespondents!: number;
  @ApiProperty({ type: () => [SampleRespondent], description: 'The first five completed respondents' })
  sampleRespondents!: SampleRespondent[];
}

@ApiSchema({ description: 'The device a respondent answered from, as the survey tool recorded it; each field null when not recorded.' })
export class DeviceInfo {
  @ApiProperty({ type: String, nullable: true, description: 'Device platform', example: 'Windows' }) platform!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Browser name', example: 'Edge' }) browser!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Browser version', example: '131.0' }) browserVersion!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Operating system and version', example: 'Windows 11' }) os!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Screen resolution, width x height in pixels', example: '1920x1080' })
  resolution!: string | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'Whether the device was mobile', example: false }) isMobile!: boolean | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Masked: IPv4 last octet, IPv6 last 80 bits zeroed; null when not recorded or not an address',
    example: '203.0.113.0',
  })
  ipAddress!: string | null;
}

@ApiSchema({ description: 'A respondent (panel) of a survey, without answers.' })
export class Panel {
  @ApiProperty(PANEL_ID) panelId!: string;
  @ApiProperty({ description: 'Whether the respondent completed the survey' }) isCompleted!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The key the panel provider attached to the respondent; null when none',
    example: 'ck_1x9b7qz',
  })
  customKey!: string | null;
  @ApiProperty(COMPLETED_AT)
  completedAt!: string | null;
  @ApiProperty({ type: () => DeviceInfo }) deviceInfo!: DeviceInfo;
  @ApiProperty({
    format: 'date-time',
    description: 'When the respondent started the survey (ISO 8601)',
    example: '2026-09-14T11:20:41.000Z',
  })
  createdAt!: string;
}

@ApiSchema({ description: "A page of a survey's respondents." })
export class PanelListResponse {
  @ApiProperty({ type: () => [Panel], description: 'The respondents of this page, in the order asked for' }) panels!: Panel[];
  @ApiProperty(TOTAL) total!: number;
  @ApiProperty(LIMIT) limit!: number;
  @ApiProperty(OFFSET) offset!: number;
}

@ApiSchema({ description: 'A respondent (panel) with the URL parameters it arrived with.' })
export class PanelDetail extends Panel {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The query string the respondent opened the survey with; null when none',
    example: 'utm_source=mail&panel=42',
  })
  urlParameter!: string | null;
  @ApiProperty({
    format: 'date-time',
    description: "When the respondent's record last changed (ISO 8601)",
    example: '2026-09-14T11:32:08.000Z',
  })
  updatedAt!: string;
}

@ApiSchema({ description: 'One answer row: a question, or one option of a select question.' })
export class PanelAnswer {
  @ApiProperty({ description: 'The question text (a matrix question without its item)', example: 'サービスの満足度' })
  questionSentence!: string;
  @ApiProperty(QUESTION_TYPE) answerType!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The option of a select, else null', example: 'やや満足' })
  answerItemSentence!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The matrix item, else null', example: '価格' }) subItemSentence!:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The answer as text (the option when chosen; values joined with ", "); null when not answered',
    example: 'やや満足',
  })
  value!: string | null;
  @ApiProperty({ description: 'Whether this row was answered (for an option: chosen)' }) isAnswered!: boolean;
}

@ApiSchema({ description: "How many of the survey's questions the respondent answered (matrix items each count)." })
export class AnswersSummary {
  @ApiProperty({ type: 'integer', description: 'Questions in the survey', example: 14 }) totalQuestions!: number;
  @ApiProperty({ type: 'integer', description: 'Questions the respondent answered', example: 12 }) answeredQuestions!: number;
  @ApiProperty({ type: 'integer', description: 'Questions left unanswered', example: 2 }) unansweredQuestions!: number;
}

@ApiSchema({ description: 'A respondent with every answer, one row per question or select option.' })
export class PanelDetailResponse {
  @ApiProperty({ type: () => PanelDetail }) panel!: PanelDetail;
  @ApiProperty({ type: () => [PanelAnswer], description: 'Answer rows in survey order; only answered ones unless includeUnanswered=true' })
  answers!: PanelAnswer[];
  @ApiProperty({ type: () => AnswersSummary }) answersSummary!: AnswersSummary;
}

@ApiSchema({ description: "A respondent's answers, pivoted by question text." })
export class Respondent {
  @ApiProperty(PANEL_ID) respondentId!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Answers pivoted by question text (a multi-select as an array); unanswered questions absent',
    example: { 回答者ID: 'R100042', お名前: '鈴木 美咲', 性別: '女性', 年齢: 34 },
  })
  answers!: Record<string, unknown>;
  @ApiProperty(COMPLETED_AT)
  completedAt!: string | null;
}

@ApiSchema({ description: "A page of a survey's respondents with their answers (deprecated route)." })
export class RespondentListResponse {
  @ApiProperty(SURVEY_ID) surveyId!: string;
  @ApiProperty({ type: () => [Respondent], description: 'The respondents of this page, in the warehouse order' })
  respondents!: Respondent[];
  @ApiProperty(TOTAL) total!: number;
  @ApiProperty({ ...LIMIT, example: 100 }) limit!: number;
  @ApiProperty(OFFSET) offset!: number;
}
