import { ApiSchema } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';
import { EXAMPLE } from '../../../common/examples';
import { LIMITS, RaceIdField } from '../../../common/fields';

/** POST /v1/blogs/generation: a rewrite of a past blog. */
@ApiSchema({ description: 'A past blog to be rewritten by the AI into a new blog, which starts as generating' })
export class GenerateRewriteDto {
  @TextField({
    min: 1,
    max: LIMITS.id,
    description: 'The past blog to rewrite (400 when it does not exist)',
    example: EXAMPLE.oldBlogId,
  })
  old_blog_id!: string;
  @TextField({
    optional: true,
    nullable: true,
    min: 1,
    max: LIMITS.id,
    description: "A category id (400 when it names none); omitted or null: the category named like the past blog's, or none",
    example: EXAMPLE.categoryId,
  })
  category_id?: string | null;
  @TextField({ optional: true, min: 1, max: LIMITS.title, description: "Defaults to the past blog's name", example: EXAMPLE.oldBlogName })
  name?: string;
}

/** POST /v1/old_blogs/{old_blog_id}/rewrite; the body may be omitted. */
@ApiSchema({ description: 'Optional race for rewriting a past blog that has none' })
export class RewriteOldBlogDto {
  @RaceIdField({ optional: true, nullable: true, description: 'Used when the past blog has no race (404 when it names no race)' })
  race_id?: string | null;
}
