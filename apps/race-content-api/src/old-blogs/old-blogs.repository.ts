import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS, findLiveById, type OldBlogDocument, toObjectId } from '@platform/race-content-data';
import { findPage, LIVE, sortBy } from '../common/mongo-page';
import type { ListOldBlogsQuery } from './dto/old-blog.dto';

/** The old_blogs collection: MongoDB only here. */
@Injectable()
export class OldBlogsRepository {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get oldBlogs() {
    return this.db.collection<OldBlogDocument>(COLLECTIONS.oldBlogs);
  }

  async insert(oldBlog: OldBlogDocument): Promise<void> {
    await this.oldBlogs.insertOne(oldBlog);
  }

  async find(id: string): Promise<OldBlogDocument | undefined> {
    const _id = toObjectId(id);
    return _id && findLiveById(this.oldBlogs, _id);
  }

  page(query: ListOldBlogsQuery) {
    const filter: Filter<OldBlogDocument> = { ...LIVE };
    if (query.race_id !== undefined) filter.race_id = query.race_id;
    return findPage(this.oldBlogs, filter, sortBy('updated_at', query.order), query);
  }

  async setCategory(oldBlog: OldBlogDocument, category: string | null, embedding: number[] | undefined, now: number) {
    return this.oldBlogs.findOneAndUpdate(
      { _id: oldBlog._id, ...LIVE },
      { $set: { category, ...(embedding ? { embedding } : {}), updated_at: now } },
      { returnDocument: 'after' },
    );
  }
}
