import { Client, type ClientConfig } from 'pg';
import type { DataSourceOptions } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';

export interface PostgresOptions {
  url: string;
  /** The app's own schema (recruiting, survey_builder, ai_jobs); its migrations table lives there too. */
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  poolSize?: number;
  /** How long a request waits for a free connection of a busy pool (then 503 with Retry-After); POOL_WAIT_MS by default. */
  poolWaitMs?: number;
  /** How long opening a connection may take: a database that does not answer fails within it (503); 5 s by default. */
  connectTimeoutMs?: number;
  /** Shows in pg_stat_activity. */
  applicationName?: string;
}

/**
 * How long a request waits for a free connection when every connection of the pool is busy: load to ride out, well
 * within the edge's 60 s route timeout (libs/routing), not an outage. Past it, 503 with Retry-After.
 */
export const POOL_WAIT_MS = 15_000;

/**
 * pg's Client, opening its connection within `connectTimeoutMs`. pg-pool has one timeout for both waiting for a free
 * connection and opening a new one, and gives it to the clients it makes; a client of this class keeps its own.
 */
function clientOpeningWithin(connectTimeoutMs: number): typeof Client {
  return class ClientOpeningWithin extends Client {
    constructor(config?: ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  };
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
    // pg-pool's connectionTimeoutMillis: the wait for a free connection (and, but for the Client below, for a new one).
    connectTimeoutMS: options.poolWaitMs ?? POOL_WAIT_MS,
    applicationName: options.applicationName,
    extra: {
      max: options.poolSize ?? 10,
      Client: clientOpeningWithin(options.connectTimeoutMs ?? 5000),
      // Unqualified names in the app's raw SQL resolve to its own schema first.
      options: `-c search_path=${options.schema},public`,
    },
  };
}
