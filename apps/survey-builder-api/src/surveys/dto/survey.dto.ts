import { ApiSchema } from '@nestjs/swagger';
import { BoolField, EnumField, TextField } from '@platform/contracts';
import { SURVEY_STATUSES, type SurveyStatus } from '../../domain/model';
import { THEME_TEXT_MAX } from '../../domain/theme';

export { THEME_TEXT_MAX };

/** Limits of the survey's text fields (docs/decisions.md). */
export const TITLE_MAX = 255;
export const PROMPT_TEXT_MAX = 20_000;

/** Field documentation shared by the survey bodies (the same texts as SurveyBasicsResponse). */
const DOC = {
  title: { description: 'The survey’s title', example: '新商品ペットボトル緑茶の受容性調査' },
  clientName: { description: 'The client the survey is made for', example: '株式会社みどり飲料' },
  objective: { description: 'The objective; several items are joined with 「、」', example: '新商品の受容性評価、購入意向の把握' },
  deliveryArea: { description: 'Where respondents live; several items are joined with 「、」', example: '首都圏、1都3県在住' },
  category: { description: 'The product categories; several items are joined with 「、」', example: '飲料、食品' },
  promptText: {
    description: 'What the survey is about, in free words (the first draft’s questions name it)',
    example: '新商品のペットボトル緑茶「みどり茶」',
  },
} as const;

@ApiSchema({ description: 'A new survey: its theme, and whether to draft its first sections and questions.' })
export class CreateSurveyDto {
  @TextField({ max: TITLE_MAX, ...DOC.title }) title!: string;
  @TextField({ max: TITLE_MAX, ...DOC.clientName }) clientName!: string;
  @TextField({ max: THEME_TEXT_MAX, ...DOC.objective }) objective!: string;
  @TextField({ max: THEME_TEXT_MAX, ...DOC.deliveryArea }) deliveryArea!: string;
  @TextField({ max: THEME_TEXT_MAX, ...DOC.category }) category!: string;
  @TextField({ optional: true, max: PROMPT_TEXT_MAX, ...DOC.promptText, description: `${DOC.promptText.description}; empty when omitted` })
  promptText?: string;
  @BoolField({ optional: true, default: true, description: 'Generate the initial sections and questions' })
  generateInitialContent?: boolean;
}

/** Only the fields sent change. */
@ApiSchema({ description: 'Changes to a survey’s basics; only the fields sent change.' })
export class UpdateSurveyDto {
  @TextField({ optional: true, max: TITLE_MAX, ...DOC.title }) title?: string;
  @TextField({ optional: true, max: TITLE_MAX, ...DOC.clientName }) clientName?: string;
  @TextField({ optional: true, max: THEME_TEXT_MAX, ...DOC.objective }) objective?: string;
  @TextField({ optional: true, max: THEME_TEXT_MAX, ...DOC.deliveryArea }) deliveryArea?: string;
  @TextField({ optional: true, max: THEME_TEXT_MAX, ...DOC.category }) category?: string;
  @TextField({ optional: true, max: PROMPT_TEXT_MAX, ...DOC.promptText }) promptText?: string;
  @EnumField(SURVEY_STATUSES, { optional: true, description: 'The workflow status: draft, in review, exported or archived' })
  status?: SurveyStatus;
}

@ApiSchema({ description: 'Whether the survey is one of the caller’s favorites.' })
export class FavoriteDto {
  @BoolField({ description: 'true marks the survey as a favorite of the caller; false clears the mark' }) favorite!: boolean;
}
