import type { DataSourceOptions } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';

export interface PostgresOptions {
  url: string;
  /** The app's own schema (recruiting, survey_builder, ai_jobs); its migrations table lives there too. */
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  poolSize?: number;
  connectTimeoutMs?: number;
  /** Shows in pg_stat_activity. */
  applicationName?: string;
}

/**
 * TypeORM options of an app. Schema changes only ever come from migrations: `synchronize` is off
 * (test helpers may create throwaway schemas, never this).
 */
export function postgresDataSourceOptions(options: PostgresOptions): PostgresDataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    connectTimeoutMS: options.connectTimeoutMs ?? 5000,
    applicationName: options.applicationName,
    // Unqualified names in the app's raw SQL resolve to its own schema first.
    extra: { max: options.poolSize ?? 10, options: `-c search_path=${options.schema},public` },
  };
}
