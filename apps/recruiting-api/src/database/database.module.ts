import { Global, Module } from '@nestjs/common';
import { sqlDatabaseProvider } from '@platform/persistence';
import { RecruitingDb } from './recruiting-db';

/** The typed SQL database for every feature module (the PostgreSQL connection itself comes from PostgresModule). */
@Global()
@Module({
  providers: [sqlDatabaseProvider(RecruitingDb)],
  exports: [RecruitingDb],
})
export class DatabaseModule {}
