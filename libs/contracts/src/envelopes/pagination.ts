/** Recruiting's pagination block, beside `data` on paginated lists. */
export interface Pagination {
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

export function buildPagination(page: number, limit: number, totalCount: number): Pagination {
  const totalPages = Math.ceil(totalCount / limit);
  return { page, limit, totalCount, totalPages, hasNext: page < totalPages, hasPrevious: page > 1 };
}

/** Rows to skip for a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/**
 * A page of rows as a service returns it; the recruiting envelope interceptor turns it into
 * `data` (the items) and `pagination`.
 */
export class PaginatedResult<T> {
  constructor(
    readonly items: T[],
    readonly pagination: Pagination,
  ) {}

  static of<T>(items: T[], page: number, limit: number, totalCount: number): PaginatedResult<T> {
    return new PaginatedResult(items, buildPagination(page, limit, totalCount));
  }
}

/** Race content's paged list body. */
export interface PagedList<T> {
  list: T[];
  current_page: number;
  total_count: number;
}

export function pagedList<T>(list: T[], currentPage: number, totalCount: number): PagedList<T> {
  return { list, current_page: currentPage, total_count: totalCount };
}
