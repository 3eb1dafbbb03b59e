import { IntField } from '@platform/contracts';

/** Lists are paged in the database; the defaults return everything one person normally has. */
export class PageQuery {
  @IntField({ optional: true, min: 1, max: 1000, default: 1000, fromText: true, description: 'The most entries to answer' }) limit = 1000;
  @IntField({ optional: true, min: 0, max: 1_000_000, default: 0, fromText: true, description: 'How many entries to skip first' })
  offset = 0;
}
