import { BoolField, EnumField, IntField, TextField } from '@platform/contracts';
import { PANEL_SORTS, type PanelSort } from '../../warehouse/warehouse.repository';
import { SURVEY_SORTS, type SurveySort } from '../../database/repositories/survey-metadata.repository';

export const QUESTION_TYPES = ['single_select', 'multi_select', 'text', 'number', 'date', 'other'] as const;

const SURVEY_ID = { min: 1, max: 255, description: 'The warehouse survey id', example: 'svy-2026-usage' };

export class SurveyIdParam {
  @TextField(SURVEY_ID) surveyId!: string;
}

export class PanelParams {
  @TextField(SURVEY_ID) surveyId!: string;
  @TextField({ min: 1, max: 255, description: 'The respondent (panel) id', example: 'p-2026-usage-00042' }) panelId!: string;
}

export class ListSurveysQuery {
  @TextField({ optional: true, max: 255, description: 'Partial match on the survey name, case-insensitive', example: '利用実態' })
  search?: string;
  @EnumField(SURVEY_SORTS, { optional: true, default: '-latestResponseAt', description: 'A leading - sorts descending' })
  sort: SurveySort = '-latestResponseAt';
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true, description: 'Items per page' }) limit = 20;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true, description: 'Items to skip' }) offset = 0;
}

export class ListQuestionsQuery {
  @TextField({ optional: true, max: 255, description: 'Partial match on the question text, case-insensitive', example: '満足度' })
  search?: string;
  @IntField({ optional: true, min: 1, max: 200, default: 50, fromText: true, description: 'Questions per page' }) limit = 50;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true, description: 'Items to skip' }) offset = 0;
  @BoolField({ optional: true, fromText: true, default: false, description: 'Include each question’s options' }) includeOptions = false;
}

export class ListPanelsQuery {
  @BoolField({ optional: true, fromText: true, description: 'Only respondents who did (true) or did not (false) complete' })
  isCompleted?: boolean;
  @TextField({ optional: true, max: 255, description: 'Partial match on the panel id or custom key', example: '00042' }) search?: string;
  @EnumField(PANEL_SORTS, { optional: true, default: '-completedAt', description: 'A leading - sorts descending; not completed last' })
  sort: PanelSort = '-completedAt';
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true, description: 'Items per page' }) limit = 20;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true, description: 'Items to skip' }) offset = 0;
}

export class PanelDetailQuery {
  @BoolField({ optional: true, fromText: true, default: false, description: 'Also list the options and questions not answered' })
  includeUnanswered = false;
}

export class ListRespondentsQuery {
  @IntField({ optional: true, min: 1, max: 1000, default: 100, fromText: true, description: 'Respondents per page' }) limit = 100;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true, description: 'Items to skip' }) offset = 0;
  @BoolField({ optional: true, fromText: true, default: false, description: 'Only respondents who completed' }) onlyCompleted = false;
}
