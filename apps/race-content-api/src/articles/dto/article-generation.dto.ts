import { TextField } from '@platform/contracts';
import { LIMITS, RaceIdField, TimeField } from '../../common/fields';

/** Longest custom prompt of a regeneration (spec: not shown). */
export const CUSTOM_PROMPT_MAX = 2000;

/** POST /v1/articles/generation. */
export class GenerateArticleDto {
  @RaceIdField({ description: 'The race_id of a race with a finishing order' }) race_id!: string;
  @TextField({ min: 1, max: LIMITS.title }) title!: string;
  @TimeField({ description: 'Scheduled publish time, ms' }) opening_at!: number;
  @TimeField({ optional: true, nullable: true, description: 'Scheduled unpublish time, ms' }) closing_at?: number | null;
}

/** POST /v1/articles/{article_id}/regeneration; the body may be omitted. */
export class RegenerateArticleDto {
  @TextField({
    optional: true,
    nullable: true,
    max: CUSTOM_PROMPT_MAX,
    description: 'Extra instructions for the AI; omitted, null or empty reuses the previous ones',
  })
  custom_prompt?: string | null;
}
