import { ApiProperty } from '@nestjs/swagger';
import { QUESTION_TYPES } from './surveys.dto';

export class SurveySummary {
  @ApiProperty() surveyId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastModified!: string | null;
  @ApiProperty({ type: 'integer' }) fileCount!: number;
  @ApiProperty({ type: 'integer' }) respondentCount!: number;
}

export class SurveyListResponse {
  @ApiProperty({ type: () => [SurveySummary] }) surveys!: SurveySummary[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
}

export class SurveyStatistics {
  @ApiProperty({ type: 'integer' }) totalRespondents!: number;
  @ApiProperty({ type: 'integer' }) completedRespondents!: number;
  @ApiProperty({ type: 'integer' }) questionCount!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) earliestResponseAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) latestResponseAt!: string | null;
}

export class SurveyDetailResponse {
  @ApiProperty() surveyId!: string;
  @ApiProperty() surveyName!: string;
  @ApiProperty({ type: String, nullable: true }) collectorName!: string | null;
  @ApiProperty({ type: () => SurveyStatistics, description: 'A snapshot from the last synchronisation' }) statistics!: SurveyStatistics;
  @ApiProperty({ format: 'date-time' }) syncedAt!: string;
}

export class SurveyQuestion {
  @ApiProperty() questionId!: string;
  @ApiProperty({ description: 'The question text; a matrix item is keyed `question|||item`' }) questionText!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) questionType!: string;
  @ApiProperty({ type: [String], required: false, description: 'Only with includeOptions=true' }) options?: string[];
}

export class SurveyQuestionsResponse {
  @ApiProperty() surveyId!: string;
  @ApiProperty({ type: () => [SurveyQuestion] }) questions!: SurveyQuestion[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
}

export class PreviewQuestion {
  @ApiProperty() questionId!: string;
  @ApiProperty() questionText!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) questionType!: string;
}

export class SampleRespondent {
  @ApiProperty() respondentId!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Answers keyed by question text' }) answers!: Record<
    string,
    unknown
  >;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt!: string | null;
  @ApiProperty({
    type: 'object',
    description: 'Panel metadata (no IP address)',
    required: ['isCompleted', 'customKey', 'platform', 'browser', 'os', 'isMobile'],
    properties: {
      isCompleted: { type: 'boolean' },
      customKey: { type: 'string', nullable: true },
      platform: { type: 'string', nullable: true },
      browser: { type: 'string', nullable: true },
      os: { type: 'string', nullable: true },
      isMobile: { type: 'boolean', nullable: true },
    },
  })
  metadata!: Record<string, unknown>;
}

export class SurveyPreviewResponse {
  @ApiProperty() surveyId!: string;
  @ApiProperty({ type: () => [PreviewQuestion] }) questions!: PreviewQuestion[];
  @ApiProperty({ type: 'integer' }) totalRespondents!: number;
  @ApiProperty({ type: () => [SampleRespondent] }) sampleRespondents!: SampleRespondent[];
}

export class DeviceInfo {
  @ApiProperty({ type: String, nullable: true }) platform!: string | null;
  @ApiProperty({ type: String, nullable: true }) browser!: string | null;
  @ApiProperty({ type: String, nullable: true }) browserVersion!: string | null;
  @ApiProperty({ type: String, nullable: true }) os!: string | null;
  @ApiProperty({ type: String, nullable: true }) resolution!: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) isMobile!: boolean | null;
  @ApiProperty({ type: String, nullable: true, description: 'Masked: IPv4 last octet, IPv6 last 80 bits zeroed' })
  ipAddress!: string | null;
}

export class Panel {
  @ApiProperty() panelId!: string;
  @ApiProperty() isCompleted!: boolean;
  @ApiProperty({ type: String, nullable: true }) customKey!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt!: string | null;
  @ApiProperty({ type: () => DeviceInfo }) deviceInfo!: DeviceInfo;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class PanelListResponse {
  @ApiProperty({ type: () => [Panel] }) panels!: Panel[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
}

export class PanelDetail extends Panel {
  @ApiProperty({ type: String, nullable: true }) urlParameter!: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class PanelAnswer {
  @ApiProperty({ description: 'The question text (a matrix question without its item)' }) questionSentence!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) answerType!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The option of a select, else null' }) answerItemSentence!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The matrix item, else null' }) subItemSentence!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The answer as text; null when not answered' }) value!: string | null;
  @ApiProperty() isAnswered!: boolean;
}

export class AnswersSummary {
  @ApiProperty({ type: 'integer' }) totalQuestions!: number;
  @ApiProperty({ type: 'integer' }) answeredQuestions!: number;
  @ApiProperty({ type: 'integer' }) unansweredQuestions!: number;
}

export class PanelDetailResponse {
  @ApiProperty({ type: () => PanelDetail }) panel!: PanelDetail;
  @ApiProperty({ type: () => [PanelAnswer] }) answers!: PanelAnswer[];
  @ApiProperty({ type: () => AnswersSummary }) answersSummary!: AnswersSummary;
}

export class Respondent {
  @ApiProperty() respondentId!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Answers pivoted by question text' }) answers!: Record<
    string,
    unknown
  >;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt!: string | null;
}

export class RespondentListResponse {
  @ApiProperty() surveyId!: string;
  @ApiProperty({ type: () => [Respondent] }) respondents!: Respondent[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
}
