import { Inject, Injectable } from '@nestjs/common';
import { type Db, ObjectId } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS } from '../documents/collections';
import type { CategoryDocument } from '../documents/documents';
import { isDuplicateKey, LIVE, NamedStore, toObjectId } from './live-store';

/** The categories collection: blogs link to categories by id, generation finds them by name. */
@Injectable()
export class CategoryStore extends NamedStore<CategoryDocument> {
  constructor(@Inject(MONGO_DB) db: Db) {
    super(db, COLLECTIONS.categories);
  }

  /** Creates the category unless a live one has the name; safe when several processes seed at once. */
  async ensure(name: string, now: number): Promise<void> {
    try {
      await this.collection.updateOne(
        { live_name: name },
        { $setOnInsert: { _id: new ObjectId(), name, created_at: now, updated_at: now, deleted_at: null } },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /** The live category with exactly this name. */
  async findByName(name: string): Promise<CategoryDocument | undefined> {
    return (await this.collection.findOne({ live_name: name, ...LIVE })) || undefined;
  }

  /** The name of a live category, null for none, a deleted one or an id that is not one. */
  async nameOf(categoryId: string | null): Promise<string | null> {
    if (!categoryId) return null;
    return (await this.findById(categoryId))?.name ?? null;
  }

  /** Names of the live categories among these ids, in one query (ids that are not ids, or deleted, are left out). */
  async namesOf(ids: Iterable<string>): Promise<Map<string, string>> {
    const objectIds = [...new Set(ids)].map(toObjectId).filter((id): id is ObjectId => id !== undefined);
    if (objectIds.length === 0) return new Map();
    const found = await this.collection.find({ _id: { $in: objectIds }, ...LIVE }, { projection: { name: 1 } }).toArray();
    return new Map(found.map((c) => [c._id.toHexString(), c.name]));
  }
}
