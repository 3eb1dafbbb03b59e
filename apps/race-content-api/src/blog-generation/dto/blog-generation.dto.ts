import { TextField } from '@platform/contracts';
import { LIMITS, RaceIdField } from '../../common/fields';

/** POST /v1/blogs/generation: a rewrite of a past blog. */
export class GenerateRewriteDto {
  @TextField({ min: 1, max: LIMITS.id, description: 'The past blog to rewrite (400 when it does not exist)' }) old_blog_id!: string;
  @TextField({
    optional: true,
    nullable: true,
    min: 1,
    max: LIMITS.id,
    description: "A category id (400 when it names none); omitted: the category named like the past blog's, or none",
  })
  category_id?: string | null;
  @TextField({ optional: true, min: 1, max: LIMITS.title, description: "Defaults to the past blog's name" }) name?: string;
}

/** POST /v1/old_blogs/{old_blog_id}/rewrite; the body may be omitted. */
export class RewriteOldBlogDto {
  @RaceIdField({ optional: true, nullable: true, description: 'Used when the past blog has no race (404 when it names no race)' })
  race_id?: string | null;
}
