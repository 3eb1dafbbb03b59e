import { BoolField, EnumField, IntField, TextField } from '@platform/contracts';
import { PANEL_SORTS, type PanelSort } from '../../warehouse/warehouse.repository';
import { SURVEY_SORTS, type SurveySort } from '../../core/survey-metadata.repository';

export const QUESTION_TYPES = ['single_select', 'multi_select', 'text', 'number', 'date', 'other'] as const;

const SURVEY_ID = { min: 1, max: 255, description: 'The warehouse survey id' };

export class SurveyIdParam {
  @TextField(SURVEY_ID) surveyId!: string;
}

export class PanelParams {
  @TextField(SURVEY_ID) surveyId!: string;
  @TextField({ min: 1, max: 255, description: 'The respondent (panel) id' }) panelId!: string;
}

export class ListSurveysQuery {
  @TextField({ optional: true, max: 255, description: 'Partial match on the survey name, case-insensitive' }) search?: string;
  @EnumField(SURVEY_SORTS, { optional: true, default: '-latestResponseAt', description: 'A leading - sorts descending' })
  sort: SurveySort = '-latestResponseAt';
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true }) limit = 20;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true }) offset = 0;
}

export class ListQuestionsQuery {
  @TextField({ optional: true, max: 255, description: 'Partial match on the question text, case-insensitive' }) search?: string;
  @IntField({ optional: true, min: 1, max: 200, default: 50, fromText: true }) limit = 50;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true }) offset = 0;
  @BoolField({ optional: true, fromText: true, default: false, description: 'Include each question’s options' }) includeOptions = false;
}

export class ListPanelsQuery {
  @BoolField({ optional: true, fromText: true }) isCompleted?: boolean;
  @TextField({ optional: true, max: 255, description: 'Partial match on the panel id or custom key' }) search?: string;
  @EnumField(PANEL_SORTS, { optional: true, default: '-completedAt', description: 'A leading - sorts descending; not completed last' })
  sort: PanelSort = '-completedAt';
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true }) limit = 20;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true }) offset = 0;
}

export class PanelDetailQuery {
  @BoolField({ optional: true, fromText: true, default: false, description: 'Also list the options and questions not answered' })
  includeUnanswered = false;
}

export class ListRespondentsQuery {
  @IntField({ optional: true, min: 1, max: 1000, default: 100, fromText: true }) limit = 100;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true }) offset = 0;
  @BoolField({ optional: true, fromText: true, default: false }) onlyCompleted = false;
}
