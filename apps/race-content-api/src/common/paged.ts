import type { PagedList } from '@platform/contracts';
import type { FoundPage } from '@platform/race-content-data';
import type { PageQuery } from './page.query';

/** A page the store found, as the paged list of a response. */
export function pagedOf<T, R>(page: PageQuery, found: FoundPage<T>, map: (doc: T) => R): PagedList<R> {
  return { list: found.docs.map(map), current_page: page.page, total_count: found.total };
}
