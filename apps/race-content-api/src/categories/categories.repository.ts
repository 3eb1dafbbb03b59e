import { Inject, Injectable } from '@nestjs/common';
import { type Db, ObjectId } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { type CategoryDocument, COLLECTIONS, findLiveById, toObjectId } from '@platform/race-content-data';
import { findPage, isDuplicateKey, LIVE, sortBy } from '../common/mongo-page';
import { insertNamed } from '../common/named-documents';
import type { PageQuery } from '../common/page.query';

/** The categories collection: MongoDB only here. */
@Injectable()
export class CategoriesRepository {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get categories() {
    return this.db.collection<CategoryDocument>(COLLECTIONS.categories);
  }

  insert(category: CategoryDocument): Promise<void> {
    return insertNamed(this.categories, category);
  }

  /** Creates the category unless a live one has the name; safe when several processes seed at once. */
  async ensure(name: string, now: number): Promise<void> {
    try {
      await this.categories.updateOne(
        { live_name: name },
        { $setOnInsert: { _id: new ObjectId(), name, created_at: now, updated_at: now, deleted_at: null } },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async find(id: string): Promise<CategoryDocument | undefined> {
    const _id = toObjectId(id);
    return _id && findLiveById(this.categories, _id);
  }

  /** The live category with exactly this name. */
  async findByName(name: string): Promise<CategoryDocument | undefined> {
    return (await this.categories.findOne({ live_name: name, ...LIVE })) || undefined;
  }

  /** Names of the live categories among these ids, in one query (ids that are not ids, or deleted, are left out). */
  async namesOf(ids: Iterable<string>): Promise<Map<string, string>> {
    const objectIds = [...new Set(ids)].map(toObjectId).filter((id): id is ObjectId => id !== undefined);
    if (objectIds.length === 0) return new Map();
    const found = await this.categories.find({ _id: { $in: objectIds }, ...LIVE }, { projection: { name: 1 } }).toArray();
    return new Map(found.map((c) => [c._id.toHexString(), c.name]));
  }

  page(query: PageQuery) {
    return findPage(this.categories, { ...LIVE }, sortBy('updated_at', query.order), query);
  }
}
