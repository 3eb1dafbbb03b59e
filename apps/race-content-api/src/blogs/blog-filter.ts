import type { Filter } from 'mongodb';
import { type BlogDocument, toObjectId } from '@platform/race-content-data';
import { LIVE, literalPattern } from '../common/mongo-page';
import type { ListBlogsQuery } from './dto/blog.dto';

/**
 * The MongoDB filter of GET /v1/blogs (spec 4.4). Every value is a typed scalar by now (the query DTO refuses
 * objects and arrays), so none becomes an operator: an id that is not an ObjectId matches nothing, the name is a
 * case-insensitive fragment with its regular-expression characters escaped, and origin is the presence of
 * old_blog_id.
 */
export function blogFilter(query: Omit<ListBlogsQuery, 'page' | 'size' | 'order'>): Filter<BlogDocument> {
  const filter: Filter<BlogDocument> = { ...LIVE };
  if (query.id !== undefined) {
    const id = toObjectId(query.id);
    filter._id = id ? id : { $in: [] };
  }
  if (query.name !== undefined) filter.name = literalPattern(query.name);
  if (query.race_id !== undefined) filter.race_id = query.race_id;
  if (query.race_type !== undefined) filter.race_type = query.race_type;
  if (query.blog_type !== undefined) filter.blog_type = query.blog_type;
  if (query.category_id !== undefined) filter.category_id = query.category_id;
  if (query.origin !== undefined) filter.old_blog_id = query.origin === 'rewrite' ? { $ne: null } : null;
  if (query.status !== undefined) filter.status = query.status;
  return filter;
}
