import { BoolField, EnumField, TextField } from '@platform/contracts';
import { SURVEY_STATUSES, type SurveyStatus } from '../../domain/model';
import { THEME_TEXT_MAX } from '../../domain/theme';

export { THEME_TEXT_MAX };

/** Limits of the survey's text fields (docs/decisions.md). */
export const TITLE_MAX = 255;
export const PROMPT_TEXT_MAX = 20_000;

export class CreateSurveyDto {
  @TextField({ max: TITLE_MAX }) title!: string;
  @TextField({ max: TITLE_MAX }) clientName!: string;
  @TextField({ max: THEME_TEXT_MAX }) objective!: string;
  @TextField({ max: THEME_TEXT_MAX }) deliveryArea!: string;
  @TextField({ max: THEME_TEXT_MAX }) category!: string;
  @TextField({ optional: true, max: PROMPT_TEXT_MAX, description: 'Empty when omitted' }) promptText?: string;
  @BoolField({ optional: true, default: true, description: 'Generate the initial sections and questions' })
  generateInitialContent?: boolean;
}

/** Only the fields sent change. */
export class UpdateSurveyDto {
  @TextField({ optional: true, max: TITLE_MAX }) title?: string;
  @TextField({ optional: true, max: TITLE_MAX }) clientName?: string;
  @TextField({ optional: true, max: THEME_TEXT_MAX }) objective?: string;
  @TextField({ optional: true, max: THEME_TEXT_MAX }) deliveryArea?: string;
  @TextField({ optional: true, max: THEME_TEXT_MAX }) category?: string;
  @TextField({ optional: true, max: PROMPT_TEXT_MAX }) promptText?: string;
  @EnumField(SURVEY_STATUSES, { optional: true }) status?: SurveyStatus;
}

export class FavoriteDto {
  @BoolField() favorite!: boolean;
}
