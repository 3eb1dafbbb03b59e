import type { BlogDocument } from '@platform/race-content-data';
import type { BlogResponse } from './dto/blog.dto';

/** A blog as the API shows it: origin derived, category name resolved (null for a deleted or unknown id). */
export function toBlogResponse(blog: BlogDocument, categoryNames: ReadonlyMap<string, string>): BlogResponse {
  return {
    id: blog._id.toHexString(),
    name: blog.name,
    race_id: blog.race_id ?? null,
    race_type: blog.race_type ?? null,
    blog_type: blog.blog_type ?? null,
    origin: blog.old_blog_id ? 'rewrite' : 'generation',
    old_blog_id: blog.old_blog_id ?? null,
    source_url: blog.source_url ?? null,
    category_id: blog.category_id ?? null,
    category: (blog.category_id && categoryNames.get(blog.category_id)) || null,
    body_html: blog.body_html,
    status: blog.status,
    created_at: blog.created_at,
    updated_at: blog.updated_at,
  };
}
