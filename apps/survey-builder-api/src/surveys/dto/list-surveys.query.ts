import { BoolField, EnumField, TextField } from '@platform/contracts';
import { PageQuery } from '../../common/page.query';
import { SURVEY_STATUSES, type SurveyStatus } from '../../domain/model';
import type { SurveySort } from '../../survey-core/survey.repository';

export const SURVEY_SORTS: readonly SurveySort[] = ['updatedAtDesc', 'updatedAtAsc', 'titleAsc', 'titleDesc'];

export class ListSurveysQuery extends PageQuery {
  @TextField({ optional: true, max: 255, description: 'Keyword over title and client name (partial, case-insensitive)', example: '緑茶' })
  q?: string;
  @EnumField(SURVEY_STATUSES, { optional: true, description: 'Only surveys in this status; wins over includeArchived' })
  status?: SurveyStatus;
  @BoolField({ optional: true, fromText: true, default: false, description: 'Also list archived surveys (アーカイブ)' })
  includeArchived = false;
  @EnumField(SURVEY_SORTS, { optional: true, default: 'updatedAtDesc', description: 'The order after favorites, which come first' })
  sort: SurveySort = 'updatedAtDesc';
}
