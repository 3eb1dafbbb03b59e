import { Global, Module } from '@nestjs/common';
import { sqlDatabaseProvider } from '@platform/persistence';
import { BuilderDb } from './builder-db';

/** The typed SQL database for every feature module (the PostgreSQL connection itself comes from PostgresModule). */
@Global()
@Module({
  providers: [sqlDatabaseProvider(BuilderDb)],
  exports: [BuilderDb],
})
export class DatabaseModule {}
