import 'reflect-metadata';
import { migrateMain } from '@platform/persistence';
import { SURVEY_BUILDER_DATABASE } from './database/database';

migrateMain('survey-builder-api', SURVEY_BUILDER_DATABASE);
