import type { AppDatabase } from '@platform/persistence';
import { AiJobsSchema1795357034024 } from './migrations/1795357034024-ai-jobs-schema';

/** The ai_jobs schema: its entities and its migrations, in order. */
export const AI_JOBS_DATABASE: AppDatabase = {
  schema: 'ai_jobs',
  entities: [],
  migrations: [AiJobsSchema1795357034024],
};

/** Where kysely-codegen writes the schema's types (npm run db:types), checked against the migrations by a test. */
export const AI_JOBS_SCHEMA_TYPES = {
  database: AI_JOBS_DATABASE,
  outFile: 'apps/ai-webhook/src/database/schema.ts',
};
