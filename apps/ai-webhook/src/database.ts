import type { AppDatabase } from '@platform/persistence';

/** The ai_jobs schema: its entities and its migrations, in order. */
export const AI_JOBS_DATABASE: AppDatabase = {
  schema: 'ai_jobs',
  entities: [],
  migrations: [],
};
