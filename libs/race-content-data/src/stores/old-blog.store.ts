import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS } from '../documents/collections';
import type { OldBlogDocument } from '../documents/documents';
import { LiveStore, type PageRequest } from './live-store';

/** The old_blogs collection (past blogs to migrate), used by the API and the blog worker's rewrites. */
@Injectable()
export class OldBlogStore extends LiveStore<OldBlogDocument> {
  constructor(@Inject(MONGO_DB) db: Db) {
    super(db, COLLECTIONS.oldBlogs);
  }

  page(request: PageRequest & { race_id?: string }) {
    const filter: Filter<OldBlogDocument> = {};
    if (request.race_id !== undefined) filter.race_id = request.race_id;
    return this.pageOf(filter, request);
  }

  /** A new category (and the embedding made with it, when there is one); null when the past blog is not live. */
  setCategory(oldBlog: OldBlogDocument, category: string | null, embedding: number[] | undefined, now: number) {
    return this.updateById(oldBlog, { category, ...(embedding ? { embedding } : {}) }, now);
  }
}
