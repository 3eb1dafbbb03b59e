import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  BLOG_KINDS,
  BLOG_ORIGINS,
  BLOG_STATUSES,
  type BlogKind,
  type BlogOrigin,
  type BlogStatus,
  RACING_TYPES,
  type RacingType,
} from '@platform/race-content-data';
import { EnumField, TextField } from '@platform/contracts';
import { EXAMPLE } from '../../common/examples';
import { BodyHtmlField, LIMITS, RaceIdField } from '../../common/fields';
import { PageQuery } from '../../common/page.query';

const IdRefField = (description: string, example: string) =>
  TextField({ optional: true, nullable: true, min: 1, max: LIMITS.id, description, example });
const BlogTypeField = () =>
  TextField({
    optional: true,
    nullable: true,
    min: 1,
    max: LIMITS.shortText,
    description: 'Series type (free text); null clears it',
    example: EXAMPLE.blogType,
  });
const NAME = 'Title; also the h2 heading of the body';

/** POST /v1/blogs: a manual blog, draft (default) or published. */
@ApiSchema({ description: 'A blog written by hand, saved as draft or published' })
export class CreateBlogDto {
  @TextField({ min: 1, max: LIMITS.title, description: NAME, example: EXAMPLE.blogName }) name!: string;
  @BodyHtmlField({ example: EXAMPLE.blogBodyHtml }) body_html!: string;
  @RaceIdField({ optional: true, nullable: true, description: 'The race_id of the race the blog is about; absent or null: none' })
  race_id?: string | null;
  @EnumField(RACING_TYPES, {
    optional: true,
    nullable: true,
    description: 'Racing type of that race; absent or null: none',
    example: 'horse_racing',
  })
  race_type?: RacingType | null;
  @IdRefField('The past blog it rewrites; absent or null: none', EXAMPLE.oldBlogId) old_blog_id?: string | null;
  @IdRefField('A category id (400 when it names no category); absent or null: none', EXAMPLE.categoryId) category_id?: string | null;
  @BlogTypeField() blog_type?: string | null;
  @EnumField(BLOG_STATUSES, {
    optional: true,
    default: 'draft',
    description: 'draft or published (generating answers 400)',
    example: 'draft',
  })
  status?: BlogStatus;
}

/** PUT /v1/blogs/{blog_id}: omitted fields stay; null clears old_blog_id, category_id and blog_type. */
@ApiSchema({ description: 'Changes to a blog: omitted fields stay as they are; null clears old_blog_id, category_id and blog_type' })
export class UpdateBlogDto {
  @TextField({
    optional: true,
    min: 1,
    max: LIMITS.title,
    description: 'A new name also rewrites the h2 heading of the body',
    example: EXAMPLE.blogName,
  })
  name?: string;
  @BodyHtmlField({
    optional: true,
    description: 'HTML fragment; sanitized. Wins over the heading a new name would write',
    example: EXAMPLE.blogBodyHtml,
  })
  body_html?: string;
  @IdRefField('The past blog it rewrites; null clears it', EXAMPLE.oldBlogId) old_blog_id?: string | null;
  @IdRefField('A category id (400 when it names no category); null clears it', EXAMPLE.categoryId) category_id?: string | null;
  @BlogTypeField() blog_type?: string | null;
  @EnumField(BLOG_STATUSES, {
    optional: true,
    description: 'The new status, for example published to publish a draft',
    example: 'published',
  })
  status?: BlogStatus;
}

/** GET /v1/blogs (`listBlogs` in docs/openapi/race-content-api.json). */
export class ListBlogsQuery extends PageQuery {
  @TextField({ optional: true, min: 1, max: LIMITS.id, description: 'Exact id; a value that is not an id matches nothing' }) id?: string;
  @TextField({ optional: true, min: 1, max: 200, description: 'Part of the name, case-insensitive, taken literally' }) name?: string;
  @RaceIdField({ optional: true }) race_id?: string;
  @EnumField(RACING_TYPES, { optional: true }) race_type?: RacingType;
  @TextField({ optional: true, min: 1, max: LIMITS.shortText }) blog_type?: string;
  @TextField({ optional: true, min: 1, max: LIMITS.id }) category_id?: string;
  @EnumField(BLOG_ORIGINS, { optional: true, description: 'rewrite: has an old_blog_id; generation: has none' }) origin?: BlogOrigin;
  @EnumField(BLOG_STATUSES, { optional: true }) status?: BlogStatus;
}

/** POST /v1/blogs/generate: a recap (default) or prediction blog from race data. */
@ApiSchema({ description: 'A blog to be written by the AI from race data; it starts as generating' })
export class GenerateBlogDto {
  @RaceIdField() race_id!: string;
  @EnumField(BLOG_KINDS, {
    optional: true,
    default: 'recap',
    description: 'recap: written from the finishing order; prediction: written from the prediction attached to the race',
  })
  kind?: BlogKind;
  @TextField({
    optional: true,
    min: 1,
    max: LIMITS.title,
    description: 'Composed from the race (date, track, race number and name) when omitted',
    example: EXAMPLE.blogName,
  })
  name?: string;
}

/** A blog as the API answers it, `BlogResponse` (the embedding is never returned). */
@ApiSchema({ description: 'A blog: written by hand, generated from race data, or rewritten from a past blog' })
export class BlogResponse {
  @ApiProperty({ description: 'Blog id (24 hexadecimal digits)', example: EXAMPLE.blogId }) id!: string;
  @ApiProperty({ description: NAME, example: EXAMPLE.oldBlogName }) name!: string;
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
  @ApiProperty({ enum: BLOG_ORIGINS, description: 'rewrite when old_blog_id is set, generation otherwise', example: 'rewrite' })
  origin!: BlogOrigin;
  @ApiProperty({ type: String, nullable: true, description: 'The past blog this one rewrites; null when none', example: EXAMPLE.oldBlogId })
  old_blog_id!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'URL where the rewritten past blog was published, copied from it; null for other blogs',
    example: EXAMPLE.oldBlogSourceUrl,
  })
  source_url!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Id of the blog's category; null when none", example: EXAMPLE.categoryId })
  category_id!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Name of the category; null for a deleted or unknown id',
    example: EXAMPLE.categoryName,
  })
  category!: string | null;
  @ApiProperty({ description: 'Body as a sanitized HTML fragment; its first h2 is the name', example: EXAMPLE.rewriteBodyHtml })
  body_html!: string;
  @ApiProperty({ enum: BLOG_STATUSES, description: 'generating while the AI writes it; then draft or published', example: 'draft' })
  status!: BlogStatus;
  @ApiProperty({ type: 'integer', description: 'When the blog was created, in ms since the epoch', example: EXAMPLE.createdAt })
  created_at!: number;
  @ApiProperty({ type: 'integer', description: 'When the blog last changed, in ms since the epoch', example: EXAMPLE.updatedAt })
  updated_at!: number;
}
