import { buildPagination, offsetOf, pagedList, PaginatedResult } from './pagination';

describe('pagination', () => {
  it('computes pages and neighbours', () => {
    expect(buildPagination(1, 20, 45)).toEqual({ page: 1, limit: 20, totalCount: 45, totalPages: 3, hasNext: true, hasPrevious: false });
    expect(buildPagination(3, 20, 45)).toMatchObject({ totalPages: 3, hasNext: false, hasPrevious: true });
    expect(buildPagination(1, 20, 0)).toMatchObject({ totalPages: 0, hasNext: false, hasPrevious: false });
    expect(buildPagination(5, 20, 45)).toMatchObject({ hasNext: false, hasPrevious: true });
  });

  it('offsets 1-based pages', () => {
    expect(offsetOf(1, 10)).toBe(0);
    expect(offsetOf(4, 25)).toBe(75);
  });

  it('builds both list shapes', () => {
    expect(PaginatedResult.of(['a'], 2, 1, 3).pagination).toMatchObject({ page: 2, totalPages: 3 });
    expect(pagedList(['a'], 2, 11)).toEqual({ list: ['a'], current_page: 2, total_count: 11 });
  });
});
