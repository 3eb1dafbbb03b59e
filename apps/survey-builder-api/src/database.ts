import type { AppDatabase } from '@platform/persistence';
import { SurveyBuilderSchema1764000000000 } from './migrations/1764000000000-survey-builder-schema';

/** The survey_builder schema: its migrations, in order. Queries are SQL through TypeORM's manager. */
export const SURVEY_BUILDER_DATABASE: AppDatabase = {
  schema: 'survey_builder',
  entities: [],
  migrations: [SurveyBuilderSchema1764000000000],
};
