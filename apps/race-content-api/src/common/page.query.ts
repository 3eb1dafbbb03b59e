import { EnumField, IntField } from '@platform/contracts';

/** Largest page of every list (spec: not shown): 100 items. */
export const MAX_PAGE_SIZE = 100;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** page, size and order of every paged list (`RaceContentPage`): 1, 10 and desc by default. */
export class PageQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true, description: 'Page number, from 1' })
  page: number = 1;

  @IntField({ optional: true, min: 1, max: MAX_PAGE_SIZE, default: 10, fromText: true, description: 'Items per page' })
  size: number = 10;

  @EnumField(SORT_ORDERS, { optional: true, default: 'desc', description: 'Sort direction' })
  order: SortOrder = 'desc';
}
