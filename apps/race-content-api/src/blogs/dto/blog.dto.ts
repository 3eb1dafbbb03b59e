import { ApiProperty } from '@nestjs/swagger';
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
import { BodyHtmlField, LIMITS, RaceIdField } from '../../common/fields';
import { PageQuery } from '../../common/page.query';

const IdRefField = (description: string) => TextField({ optional: true, nullable: true, min: 1, max: LIMITS.id, description });
const BlogTypeField = () => TextField({ optional: true, nullable: true, min: 1, max: LIMITS.shortText, description: 'Series type' });

/** POST /v1/blogs: a manual blog, draft (default) or published. */
export class CreateBlogDto {
  @TextField({ min: 1, max: LIMITS.title, description: 'Title; also the h2 heading of the body' }) name!: string;
  @BodyHtmlField() body_html!: string;
  @RaceIdField({ optional: true, nullable: true }) race_id?: string | null;
  @EnumField(RACING_TYPES, { optional: true, nullable: true }) race_type?: RacingType | null;
  @IdRefField('The past blog it rewrites') old_blog_id?: string | null;
  @IdRefField('A category id') category_id?: string | null;
  @BlogTypeField() blog_type?: string | null;
  @EnumField(BLOG_STATUSES, { optional: true, default: 'draft', description: 'draft or published (generating answers 400)' })
  status?: BlogStatus;
}

/** PUT /v1/blogs/{blog_id}: omitted fields stay; null clears old_blog_id, category_id and blog_type. */
export class UpdateBlogDto {
  @TextField({ optional: true, min: 1, max: LIMITS.title, description: 'A new name also rewrites the h2 heading of the body' })
  name?: string;
  @BodyHtmlField({ optional: true, description: 'HTML; sanitized. Wins over the heading a new name would write' }) body_html?: string;
  @IdRefField('The past blog it rewrites') old_blog_id?: string | null;
  @IdRefField('A category id (400 when it names no category)') category_id?: string | null;
  @BlogTypeField() blog_type?: string | null;
  @EnumField(BLOG_STATUSES, { optional: true }) status?: BlogStatus;
}

/** GET /v1/blogs (spec 4.4). */
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
export class GenerateBlogDto {
  @RaceIdField() race_id!: string;
  @EnumField(BLOG_KINDS, { optional: true, default: 'recap' }) kind?: BlogKind;
  @TextField({ optional: true, min: 1, max: LIMITS.title, description: 'Composed from the race name when omitted' }) name?: string;
}

/** The Blog of spec section 2 (the embedding is never returned). */
export class BlogResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) race_id!: string | null;
  @ApiProperty({ enum: [...RACING_TYPES, null], nullable: true }) race_type!: RacingType | null;
  @ApiProperty({ type: String, nullable: true }) blog_type!: string | null;
  @ApiProperty({ enum: BLOG_ORIGINS, description: 'rewrite when old_blog_id is set, generation otherwise' }) origin!: BlogOrigin;
  @ApiProperty({ type: String, nullable: true }) old_blog_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) source_url!: string | null;
  @ApiProperty({ type: String, nullable: true }) category_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Name of the category; null for a deleted or unknown id' })
  category!: string | null;
  @ApiProperty() body_html!: string;
  @ApiProperty({ enum: BLOG_STATUSES }) status!: BlogStatus;
  @ApiProperty({ type: 'integer' }) created_at!: number;
  @ApiProperty({ type: 'integer' }) updated_at!: number;
}
