import type { AppDatabase } from '@platform/persistence';

/** The recruiting schema: its entities and its migrations, in order. */
export const RECRUITING_DATABASE: AppDatabase = {
  schema: 'recruiting',
  entities: [],
  migrations: [],
};
