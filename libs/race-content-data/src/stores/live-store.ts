import type { Collection, Db, Document, Filter, FindOptions, OptionalUnlessRequiredId, Sort, UpdateFilter, WithId } from 'mongodb';
import { ObjectId } from 'mongodb';

/** The ObjectId a string names, or undefined when it is not one (such ids match nothing). */
export function toObjectId(id: string): ObjectId | undefined {
  return /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : undefined;
}

/** Every read, list and uniqueness check treats a soft-deleted document as gone. */
export const LIVE = { deleted_at: null } as const;

/** What every race-content document carries: soft deletes and the time of its last change. */
export interface LiveDocument {
  updated_at: number;
  deleted_at: number | null;
}

/**
 * True when a unique index refused the write: MongoDB's E11000, which FerretDB also answers to inserts; FerretDB
 * 1.x answers updates that break a unique index with its PostgreSQL backend's unique violation (SQLSTATE 23505)
 * instead.
 */
export function isDuplicateKey(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === 11000 || (typeof message === 'string' && /duplicate key value violates unique constraint .*\(SQLSTATE 23505\)/.test(message))
  );
}

/** The live document with this id, or undefined (FerretDB serves the id from its primary key, the rest on that row). */
export async function findLiveById<T extends { deleted_at: number | null }, Id>(
  collection: Collection<T>,
  _id: Id,
  options?: FindOptions,
): Promise<WithId<T> | undefined> {
  return ((await collection.findOne({ _id, ...LIVE } as Filter<T>, options)) as WithId<T> | null) ?? undefined;
}

/** Inserts a document whose `_id` (or another unique key) may be taken; false when a unique index refused it. */
export async function insertUnique<T extends Document>(collection: Collection<T>, doc: OptionalUnlessRequiredId<T>): Promise<boolean> {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** page, size and order of a paged list (the API's PageQuery). */
export interface PageRequest {
  page: number;
  size: number;
  order: 'asc' | 'desc';
}

/** One page of documents and the count of all that match. */
export interface FoundPage<T> {
  docs: T[];
  total: number;
}

/** Sorted by `field`, then by id in the same direction, so that pages never overlap or skip. */
export function sortBy(field: string, order: PageRequest['order']): Sort {
  const direction = order === 'asc' ? 1 : -1;
  return { [field]: direction, _id: direction };
}

/** One page of a filtered, sorted collection and the count of all matches, both in the database. */
export async function findPage<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T>,
  sort: Sort,
  page: PageRequest,
  options?: FindOptions,
): Promise<FoundPage<WithId<T>>> {
  const [docs, total] = await Promise.all([
    collection
      .find(filter, options)
      .sort(sort)
      .skip((page.page - 1) * page.size)
      .limit(page.size)
      .toArray(),
    collection.countDocuments(filter),
  ]);
  return { docs: docs as WithId<T>[], total };
}

/** Sets `changes` (and updated_at) on the live document `_id` that also matches `guard`; the document after, or null. */
export function updateLive<T extends LiveDocument>(
  collection: Collection<T>,
  _id: unknown,
  changes: Partial<T>,
  now: number,
  guard: Filter<T> = {},
): Promise<WithId<T> | null> {
  return collection.findOneAndUpdate(
    { _id, ...guard, ...LIVE } as Filter<T>,
    { $set: { ...changes, updated_at: now } } as UpdateFilter<T>,
    { returnDocument: 'after' },
  );
}

/** Soft-deletes the live document `_id` (unsetting `unset` too); false when it was not live. */
export async function softDeleteLive<T extends LiveDocument>(
  collection: Collection<T>,
  _id: unknown,
  now: number,
  unset: Record<string, ''> = {},
): Promise<boolean> {
  const update = { $set: { deleted_at: now, updated_at: now }, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) };
  const result = await collection.updateOne({ _id, ...LIVE } as Filter<T>, update as unknown as UpdateFilter<T>);
  return result.modifiedCount === 1;
}

/**
 * The shared base of the stores of one collection keyed by ObjectId: insert, live read by id,
 * update and soft delete of a live document, and pages sorted by updated_at. MongoDB queries of race content live
 * only in these stores (libs/race-content-data/src/stores/).
 */
export abstract class LiveStore<T extends LiveDocument & { _id: ObjectId }> {
  protected constructor(
    protected readonly db: Db,
    private readonly collectionName: string,
  ) {}

  protected get collection(): Collection<T> {
    return this.db.collection<T>(this.collectionName);
  }

  async insert(doc: T): Promise<void> {
    await this.collection.insertOne(doc as OptionalUnlessRequiredId<T>);
  }

  /** The live document with this id (see findLiveById); undefined for an id that is not an ObjectId. */
  async findById(id: string, options?: FindOptions): Promise<T | undefined> {
    const _id = toObjectId(id);
    return _id && ((await findLiveById(this.collection, _id, options)) as T | undefined);
  }

  /** Soft-deletes the document; false when it was not live. */
  softDelete(doc: T, now: number): Promise<boolean> {
    return softDeleteLive(this.collection, doc._id, now);
  }

  /** Applies the changes to the live document in one write (and `guard`, when given); null when it did not match. */
  protected updateById(doc: T, changes: Partial<T>, now: number, guard: Filter<T> = {}): Promise<T | null> {
    return updateLive(this.collection, doc._id, changes, now, guard) as Promise<T | null>;
  }

  /** When the live document that has been generating longest last changed (epoch ms); undefined when none is. */
  async oldestGeneratingSince(): Promise<number | undefined> {
    const [oldest] = await this.collection
      .find({ status: 'generating', ...LIVE } as unknown as Filter<T>, { projection: { updated_at: 1 } })
      .sort({ updated_at: 1 })
      .limit(1)
      .toArray();
    return oldest?.updated_at;
  }

  /** A page of the live documents matching `filter`, by updated_at then id. */
  protected pageOf(filter: Filter<T>, page: PageRequest, options?: FindOptions): Promise<FoundPage<T>> {
    return findPage(this.collection, { ...LIVE, ...filter } as Filter<T>, sortBy('updated_at', page.order), page, options) as Promise<
      FoundPage<T>
    >;
  }
}

/** A document whose name is unique among the live ones (NG words, categories): `live_name` carries the unique index. */
export interface NamedDocument extends LiveDocument {
  _id: ObjectId;
  name: string;
  live_name?: string;
  created_at: number;
}

/** The answer of a write that gives a document a name another live one holds. */
export const NAME_TAKEN = 'name-taken' as const;

/** Stores of named documents: the unique sparse `live_name` decides between concurrent writers of one name. */
export abstract class NamedStore<T extends NamedDocument> extends LiveStore<T> {
  /** A page of the live documents by updated_at. */
  page(request: PageRequest): Promise<FoundPage<T>> {
    return this.pageOf({}, request);
  }

  /** Inserts the document; NAME_TAKEN when a live one has its name. */
  async insertNamed(doc: T): Promise<void | typeof NAME_TAKEN> {
    if (!(await insertUnique(this.collection, { ...doc, live_name: doc.name } as OptionalUnlessRequiredId<T>))) return NAME_TAKEN;
  }

  /** Renames a live document: the document after, null when it is not live, NAME_TAKEN when another live one has the name. */
  async rename(doc: T, name: string, now: number): Promise<T | null | typeof NAME_TAKEN> {
    try {
      return await this.updateById(doc, { name, live_name: name } as Partial<T>, now);
    } catch (error) {
      if (isDuplicateKey(error)) return NAME_TAKEN;
      throw error;
    }
  }

  /** Soft-deletes and frees the name; false when the document was not live. */
  override softDelete(doc: T, now: number): Promise<boolean> {
    return softDeleteLive(this.collection, doc._id, now, { live_name: '' });
  }
}
