import type { AppDatabase } from '@platform/persistence';
import { SurveyBuilderSchema1764000000000 } from './migrations/1764000000000-survey-builder-schema';
import { ExternalSurveyOrigin1766000000000 } from './migrations/1766000000000-external-survey-origin';

/** The survey_builder schema and its migrations, in order. */
export const SURVEY_BUILDER_DATABASE: AppDatabase = {
  schema: 'survey_builder',
  entities: [],
  migrations: [SurveyBuilderSchema1764000000000, ExternalSurveyOrigin1766000000000],
};

/** Where kysely-codegen writes the schema's types (npm run db:types), checked against the migrations by a test. */
export const SURVEY_BUILDER_SCHEMA_TYPES = {
  database: SURVEY_BUILDER_DATABASE,
  outFile: 'apps/survey-builder-api/src/database/schema.ts',
};
