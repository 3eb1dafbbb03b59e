import type { AppDatabase } from '@platform/persistence';

/** The survey_builder schema: its entities and its migrations, in order. */
export const SURVEY_BUILDER_DATABASE: AppDatabase = {
  schema: 'survey_builder',
  entities: [],
  migrations: [],
};
