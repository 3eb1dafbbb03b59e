import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { RACING_TYPES, type RacingType } from '@platform/race-content-data';
import { EnumField, TextField } from '@platform/contracts';
import { EXAMPLE } from '../../common/examples';
import { BodyHtmlField, LIMITS, RaceIdField, TimeField } from '../../common/fields';
import { PageQuery } from '../../common/page.query';

const CategoryField = (options: { optional?: boolean } = {}) =>
  TextField({
    ...options,
    nullable: true,
    min: 1,
    max: LIMITS.shortText,
    description: 'Category name (chooses the article template); null when none',
    example: EXAMPLE.categoryName,
  });

/** POST /v1/old_blogs: a past blog registered for migration. */
@ApiSchema({ description: 'A blog published before, registered so that it can be rewritten into a new blog' })
export class CreateOldBlogDto {
  @TextField({ min: 1, max: LIMITS.title, description: 'Title', example: EXAMPLE.oldBlogName }) name!: string;
  @BodyHtmlField({
    description: 'HTML fragment; sanitized, relative image addresses made absolute from source_url',
    example: EXAMPLE.oldBlogBodyHtml,
  })
  body_html!: string;
  @RaceIdField({
    optional: true,
    nullable: true,
    description: 'The race_id of the race the blog is about; absent or null: none',
    example: EXAMPLE.oldBlogRaceId,
  })
  race_id?: string | null;
  @EnumField(RACING_TYPES, {
    optional: true,
    nullable: true,
    description: 'Racing type of that race; absent or null: none',
    example: 'horse_racing',
  })
  race_type?: RacingType | null;
  @TextField({
    optional: true,
    nullable: true,
    min: 1,
    max: LIMITS.shortText,
    description: 'Series type (free text); absent or null: none',
    example: EXAMPLE.blogType,
  })
  blog_type?: string | null;
  @CategoryField({ optional: true }) category?: string | null;
  @TextField({
    optional: true,
    nullable: true,
    max: LIMITS.url,
    pattern: /^https?:\/\/[^\s/?#]\S*$/,
    patternMessage: 'source_url must be an http or https URL',
    description: 'URL where the blog was published; the base of its relative image addresses',
    example: EXAMPLE.oldBlogSourceUrl,
  })
  source_url?: string | null;
  @TimeField({
    optional: true,
    nullable: true,
    description: 'When the blog was published, in ms since the epoch; absent or null: unknown',
    example: EXAMPLE.oldBlogPublishedAt,
  })
  published_at?: number | null;
}

/** PUT /v1/old_blogs/{old_blog_id}: the category only (null clears it). */
@ApiSchema({ description: "A past blog's new category (the only field that changes)" })
export class UpdateOldBlogDto {
  @CategoryField() category!: string | null;
}

export class ListOldBlogsQuery extends PageQuery {
  @RaceIdField({ optional: true }) race_id?: string;
}

/** A past blog as the API answers it, `OldBlogResponse` (the embedding is never returned). */
@ApiSchema({ description: 'A blog published before, kept to be rewritten into new blogs' })
export class OldBlogResponse {
  @ApiProperty({ description: 'Past blog id (24 hexadecimal digits)', example: EXAMPLE.oldBlogId }) id!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The race_id of the race the blog is about; null when none',
    example: EXAMPLE.oldBlogRaceId,
  })
  race_id!: string | null;
  @ApiProperty({
    enum: [...RACING_TYPES, null],
    nullable: true,
    description: 'Racing type of that race; null when none',
    example: 'horse_racing',
  })
  race_type!: RacingType | null;
  @ApiProperty({ type: String, nullable: true, description: 'Series type (free text); null when none', example: EXAMPLE.blogType })
  blog_type!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Category name (chooses the article template of a rewrite); null when none',
    example: EXAMPLE.categoryName,
  })
  category!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'URL where the blog was published; null when unknown',
    example: EXAMPLE.oldBlogSourceUrl,
  })
  source_url!: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'When the blog was published, in ms since the epoch; null when unknown',
    example: EXAMPLE.oldBlogPublishedAt,
  })
  published_at!: number | null;
  @ApiProperty({ description: 'Title', example: EXAMPLE.oldBlogName }) name!: string;
  @ApiProperty({
    description: 'Body as a sanitized HTML fragment; relative image addresses made absolute from source_url',
    example: EXAMPLE.oldBlogBodyHtml,
  })
  body_html!: string;
  @ApiProperty({ type: 'integer', description: 'When the past blog was registered, in ms since the epoch', example: EXAMPLE.createdAt })
  created_at!: number;
  @ApiProperty({ type: 'integer', description: 'When the past blog last changed, in ms since the epoch', example: EXAMPLE.updatedAt })
  updated_at!: number;
}
