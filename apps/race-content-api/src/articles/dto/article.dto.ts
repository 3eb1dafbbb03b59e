import { ApiProperty } from '@nestjs/swagger';
import { ARTICLE_STATUSES, type ArticleStatus } from '@platform/race-content-data';
import { EnumField, JsonObjectField, TextField } from '@platform/contracts';
import { BodyHtmlField, LIMITS, RaceIdField, TimeField } from '../../common/fields';
import { PageQuery } from '../../common/page.query';

/** POST /v1/articles: a manual article; status draft (default) or published. */
export class CreateArticleDto {
  @RaceIdField() race_id!: string;
  @TextField({ min: 1, max: LIMITS.title }) title!: string;
  @BodyHtmlField() body_html!: string;
  @TimeField({ description: 'Scheduled publish time, ms' }) opening_at!: number;
  @TimeField({ optional: true, nullable: true, description: 'Scheduled unpublish time, ms' }) closing_at?: number | null;
  @EnumField(ARTICLE_STATUSES, { optional: true, default: 'draft', description: 'draft or published (generating and failed answer 400)' })
  status?: ArticleStatus;
}

export class ListArticlesQuery extends PageQuery {
  @RaceIdField({ optional: true }) race_id?: string;
  @EnumField(ARTICLE_STATUSES, { optional: true, description: 'Only articles in this status (failed lists failed generations)' })
  status?: ArticleStatus;
}

/** PUT /v1/articles/{article_id}: every field optional; omitted or null fields are not updated. */
export class UpdateArticleDto {
  @RaceIdField({ optional: true, nullable: true }) race_id?: string | null;
  @TextField({ optional: true, nullable: true, min: 1, max: LIMITS.title }) title?: string | null;
  @BodyHtmlField({ optional: true, nullable: true }) body_html?: string | null;
  @EnumField(ARTICLE_STATUSES, { optional: true, nullable: true, description: 'draft or published (generating and failed answer 400)' })
  status?: ArticleStatus | null;
  @TimeField({ optional: true, nullable: true }) opening_at?: number | null;
  @TimeField({ optional: true, nullable: true }) closing_at?: number | null;
  @JsonObjectField({ optional: true, nullable: true, description: 'Verification data read by the audit script' })
  accuracy_test_data?: Record<string, unknown> | null;
}

/** The Article of spec section 2. */
export class ArticleResponse {
  @ApiProperty() id!: string;
  @ApiProperty() race_id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() body_html!: string;
  @ApiProperty({ enum: ARTICLE_STATUSES }) status!: ArticleStatus;
  @ApiProperty({ type: 'integer' }) opening_at!: number;
  @ApiProperty({ type: 'integer', nullable: true }) closing_at!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) accuracy_test_data!: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why generation failed' }) generation_error!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Extra instructions of the last regeneration' }) custom_prompt!: string | null;
  @ApiProperty({ type: 'integer' }) created_at!: number;
  @ApiProperty({ type: 'integer' }) updated_at!: number;
}
