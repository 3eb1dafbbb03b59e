import { ApiProperty } from '@nestjs/swagger';
import { RACING_TYPES, type RacingType } from '@platform/race-content-data';
import { EnumField, TextField } from '@platform/contracts';
import { BodyHtmlField, LIMITS, RaceIdField, TimeField } from '../../common/fields';
import { PageQuery } from '../../common/page.query';

const CategoryField = (options: { optional?: boolean } = {}) =>
  TextField({ ...options, nullable: true, min: 1, max: LIMITS.shortText, description: 'Category name (chooses the article template)' });

/** POST /v1/old_blogs: a past blog registered for migration. */
export class CreateOldBlogDto {
  @TextField({ min: 1, max: LIMITS.title, description: 'Title' }) name!: string;
  @BodyHtmlField({ description: 'HTML; sanitized, relative image addresses made absolute from source_url' }) body_html!: string;
  @RaceIdField({ optional: true, nullable: true }) race_id?: string | null;
  @EnumField(RACING_TYPES, { optional: true, nullable: true }) race_type?: RacingType | null;
  @TextField({ optional: true, nullable: true, min: 1, max: LIMITS.shortText, description: 'Series type' }) blog_type?: string | null;
  @CategoryField({ optional: true }) category?: string | null;
  @TextField({
    optional: true,
    nullable: true,
    max: LIMITS.url,
    pattern: /^https?:\/\/[^\s/?#]\S*$/,
    patternMessage: 'source_url must be an http or https URL',
    description: 'Where the blog was published; the base of its relative image addresses',
  })
  source_url?: string | null;
  @TimeField({ optional: true, nullable: true, description: 'ms' }) published_at?: number | null;
}

/** PUT /v1/old_blogs/{old_blog_id}: the category only (null clears it). */
export class UpdateOldBlogDto {
  @CategoryField() category!: string | null;
}

export class ListOldBlogsQuery extends PageQuery {
  @RaceIdField({ optional: true }) race_id?: string;
}

/** The Past blog of spec section 2 (the embedding is never returned). */
export class OldBlogResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true }) race_id!: string | null;
  @ApiProperty({ enum: [...RACING_TYPES, null], nullable: true }) race_type!: RacingType | null;
  @ApiProperty({ type: String, nullable: true }) blog_type!: string | null;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty({ type: String, nullable: true }) source_url!: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) published_at!: number | null;
  @ApiProperty() name!: string;
  @ApiProperty() body_html!: string;
  @ApiProperty({ type: 'integer' }) created_at!: number;
  @ApiProperty({ type: 'integer' }) updated_at!: number;
}
