import { ApiSchema } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';
import { EXAMPLE } from '../../common/examples';
import { LIMITS, RaceIdField, TimeField } from '../../common/fields';

/** Longest custom prompt of a regeneration (spec: not shown). */
export const CUSTOM_PROMPT_MAX = 2000;

/** POST /v1/articles/generation. */
@ApiSchema({ description: 'An article to be written by the AI from the race result; it starts as generating' })
export class GenerateArticleDto {
  @RaceIdField({ description: 'The race_id of a race with a finishing order' }) race_id!: string;
  @TextField({ min: 1, max: LIMITS.title, description: 'Title of the article, kept as sent', example: EXAMPLE.articleTitle })
  title!: string;
  @TimeField({ description: 'Scheduled publish time, in ms since the epoch', example: EXAMPLE.openingAt }) opening_at!: number;
  @TimeField({
    optional: true,
    nullable: true,
    description: 'Scheduled unpublish time, in ms since the epoch; absent or null: none',
    example: EXAMPLE.closingAt,
  })
  closing_at?: number | null;
}

/** POST /v1/articles/{article_id}/regeneration; the body may be omitted. */
@ApiSchema({ description: 'Optional instructions for regenerating an article' })
export class RegenerateArticleDto {
  @TextField({
    optional: true,
    nullable: true,
    max: CUSTOM_PROMPT_MAX,
    description: 'Extra instructions for the AI; omitted, null or empty reuses the previous ones',
    example: EXAMPLE.customPrompt,
  })
  custom_prompt?: string | null;
}
