import 'reflect-metadata';
import { migrateMain } from '@platform/persistence';
import { AI_JOBS_DATABASE } from './database/database';

migrateMain('ai-webhook', AI_JOBS_DATABASE);
