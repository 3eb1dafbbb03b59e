import { BoolField, EnumField, TextField } from '@platform/contracts';
import { PageQuery } from '../../common/page.query';
import { SURVEY_STATUSES, type SurveyStatus } from '../../domain/model';
import type { SurveySort } from '../../survey-core/survey.repository';

export const SURVEY_SORTS: readonly SurveySort[] = ['updatedAtDesc', 'updatedAtAsc', 'titleAsc', 'titleDesc'];

export class ListSurveysQuery extends PageQuery {
  @TextField({ optional: true, max: 255, description: 'Keyword over title and client name' }) q?: string;
  @EnumField(SURVEY_STATUSES, { optional: true, description: 'Wins over includeArchived' }) status?: SurveyStatus;
  @BoolField({ optional: true, fromText: true, default: false }) includeArchived = false;
  @EnumField(SURVEY_SORTS, { optional: true, default: 'updatedAtDesc' }) sort: SurveySort = 'updatedAtDesc';
}
