import 'reflect-metadata';
import { migrateMain } from '@platform/persistence';
import { RECRUITING_DATABASE } from './database/database';

migrateMain('recruiting-api', RECRUITING_DATABASE);
