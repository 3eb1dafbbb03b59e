import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { type BlogDocument, COLLECTIONS, findLiveById, toObjectId } from '@platform/race-content-data';
import { LIVE, sortBy } from '../common/mongo-page';
import { blogFilter } from './blog-filter';
import type { ListBlogsQuery } from './dto/blog.dto';

export type BlogChanges = Partial<
  Pick<BlogDocument, 'name' | 'body_html' | 'old_blog_id' | 'category_id' | 'blog_type' | 'status' | 'embedding'>
>;

/** The blogs collection: MongoDB only here. The embedding is never read out for responses. */
@Injectable()
export class BlogsRepository {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get blogs() {
    return this.db.collection<BlogDocument>(COLLECTIONS.blogs);
  }

  async insert(blog: BlogDocument): Promise<void> {
    await this.blogs.insertOne(blog);
  }

  async find(id: string): Promise<BlogDocument | undefined> {
    const _id = toObjectId(id);
    return _id && findLiveById(this.blogs, _id, { projection: { embedding: 0 } });
  }

  async page(query: ListBlogsQuery) {
    const filter = blogFilter(query);
    const sort = sortBy('updated_at', query.order);
    const [docs, total] = await Promise.all([
      this.blogs
        .find(filter, { projection: { embedding: 0 } })
        .sort(sort)
        .skip((query.page - 1) * query.size)
        .limit(query.size)
        .toArray(),
      this.blogs.countDocuments(filter),
    ]);
    return { docs, total };
  }

  /** The blog after the change (with its embedding: FerretDB takes no projection on findAndModify; mappers leave it out). */
  async update(blog: BlogDocument, changes: BlogChanges, now: number): Promise<BlogDocument | null> {
    return this.blogs.findOneAndUpdate({ _id: blog._id, ...LIVE }, { $set: { ...changes, updated_at: now } }, { returnDocument: 'after' });
  }

  async softDelete(blog: BlogDocument, now: number): Promise<boolean> {
    const result = await this.blogs.updateOne({ _id: blog._id, ...LIVE }, { $set: { deleted_at: now, updated_at: now } });
    return result.modifiedCount === 1;
  }
}
