import { Global, Module } from '@nestjs/common';
import { sqlDatabaseProvider } from '@platform/persistence';
import { AiJobsDb } from './ai-jobs-db';

/** The typed SQL database for every feature module (the PostgreSQL connection itself comes from PostgresModule). */
@Global()
@Module({
  providers: [sqlDatabaseProvider(AiJobsDb)],
  exports: [AiJobsDb],
})
export class DatabaseModule {}
