import type { Collection, Filter, ObjectId, OptionalUnlessRequiredId, UpdateFilter } from 'mongodb';
import { RaceContentError } from '../race-content.errors';
import { isDuplicateKey, LIVE } from './mongo-page';

/** A document whose name is unique among the live ones (NG words, categories): `live_name` carries the unique index. */
export interface NamedDocument {
  _id: ObjectId;
  name: string;
  live_name?: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export function nameTaken(name: string): RaceContentError {
  return new RaceContentError('NAME_TAKEN', `The name ${name} is already in use`);
}

/** Inserts a named document; the unique index answers for concurrent inserts of one name (409). */
export async function insertNamed<T extends NamedDocument>(collection: Collection<T>, doc: T): Promise<void> {
  try {
    await collection.insertOne({ ...doc, live_name: doc.name } as OptionalUnlessRequiredId<T>);
  } catch (error) {
    if (isDuplicateKey(error)) throw nameTaken(doc.name);
    throw error;
  }
}

/** Renames a live document (409 when another live one has the name); null when it is not live. */
export async function renameNamed<T extends NamedDocument>(collection: Collection<T>, id: ObjectId, name: string, now: number) {
  try {
    return await collection.findOneAndUpdate(
      { _id: id, ...LIVE } as Filter<T>,
      { $set: { name, live_name: name, updated_at: now } } as unknown as UpdateFilter<T>,
      { returnDocument: 'after' },
    );
  } catch (error) {
    if (isDuplicateKey(error)) throw nameTaken(name);
    throw error;
  }
}

/** Soft-deletes and frees the name; false when the document was not live. */
export async function softDeleteNamed<T extends NamedDocument>(collection: Collection<T>, id: ObjectId, now: number): Promise<boolean> {
  const result = await collection.updateOne(
    { _id: id, ...LIVE } as Filter<T>,
    { $set: { deleted_at: now, updated_at: now }, $unset: { live_name: '' } } as unknown as UpdateFilter<T>,
  );
  return result.modifiedCount === 1;
}
