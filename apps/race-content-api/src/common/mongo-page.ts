import type { Collection, Document, Filter, Sort, WithId } from 'mongodb';
import type { PagedList } from '@platform/contracts';
import type { PageQuery } from './page.query';

/** Every read, list and uniqueness check treats a soft-deleted document as gone. */
export const LIVE = { deleted_at: null } as const;

/** Sorted by `field`, then by id in the same direction, so that pages never overlap or skip. */
export function sortBy(field: string, order: PageQuery['order']): Sort {
  const direction = order === 'asc' ? 1 : -1;
  return { [field]: direction, _id: direction };
}

/** One page of a filtered, sorted collection and the count of all matches, both in the database. */
export async function findPage<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T>,
  sort: Sort,
  page: PageQuery,
): Promise<{ docs: WithId<T>[]; total: number }> {
  const [docs, total] = await Promise.all([
    collection
      .find(filter)
      .sort(sort)
      .skip((page.page - 1) * page.size)
      .limit(page.size)
      .toArray(),
    collection.countDocuments(filter),
  ]);
  return { docs, total };
}

export function pagedOf<T, R>(page: PageQuery, found: { docs: T[]; total: number }, map: (doc: T) => R): PagedList<R> {
  return { list: found.docs.map(map), current_page: page.page, total_count: found.total };
}

/**
 * True when a unique index refused the write: MongoDB's E11000, which FerretDB also answers to inserts; FerretDB
 * 1.x answers updates that break a unique index with its SQLite backend's UNIQUE constraint error instead.
 */
export function isDuplicateKey(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

/** A value for a case-insensitive partial match, with every regular-expression character taken literally. */
export function literalPattern(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'i');
}
