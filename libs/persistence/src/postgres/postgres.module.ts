import type { EventEmitter } from 'node:events';
import { type DynamicModule, Inject, Injectable, Logger, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { gaugeMetric, type HealthCheck } from '@platform/runtime';
import { assertSchemaCurrent } from './migrations';
import { type PostgresOptions, postgresDataSourceOptions } from './postgres.options';

const POSTGRES_OPTIONS = Symbol('POSTGRES_OPTIONS');

@Injectable()
class SchemaGuard implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(POSTGRES_OPTIONS) private readonly options: PostgresOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    await assertSchemaCurrent(this.dataSource, this.options.schema);
  }
}

/**
 * A pooled connection that PostgreSQL drops (a restart, a failover) emits `error` on its pg client. The pool listens
 * while the client is idle; a client checked out at that moment has no listener, and the unhandled event would end the
 * process. The query it was running fails on its own (the request answers 503), so each client gets a listener that
 * only notes the loss; the pool then discards the client when it is released.
 */
@Injectable()
class DroppedConnectionListener implements OnModuleInit {
  private readonly logger = new Logger('postgres');
  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    const pool = (this.dataSource.driver as unknown as { master?: PgPool }).master;
    if (!pool) return;
    const listen = (client: EventEmitter) => {
      if (client.listeners('error').includes(this.onError)) return;
      client.on('error', this.onError);
    };
    pool.on('connect', listen);
    for (const client of pool._clients ?? []) listen(client);
  }

  private readonly onError = (error: Error) => this.logger.warn(`connection lost: ${error.message}`);
}

interface PgPool extends EventEmitter {
  _clients?: EventEmitter[];
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/** The pools of the process's apps (tests run several), read when metrics are scraped. */
const pools = new Map<PgPool, string>();

/** OpenTelemetry's `db.client.connection.*` metrics for pg pools, read at scrape time (no timer, no cost between). */
function definePoolMetrics(): void {
  const pool = ['db_client_connection_pool_name'] as const;
  gaugeMetric({
    name: 'db_client_connections_usage',
    help: 'Connections of the database pool, by state (idle, used).',
    labelNames: [...pool, 'db_client_connection_state'] as const,
    collect() {
      this.reset();
      for (const [p, name] of pools) {
        this.set({ db_client_connection_pool_name: name, db_client_connection_state: 'idle' }, p.idleCount);
        this.set({ db_client_connection_pool_name: name, db_client_connection_state: 'used' }, p.totalCount - p.idleCount);
      }
    },
  });
  gaugeMetric({
    name: 'db_client_connections_max',
    help: 'Largest number of connections the database pool opens.',
    labelNames: pool,
    collect() {
      this.reset();
      for (const [p, name] of pools) this.set({ db_client_connection_pool_name: name }, p.options.max ?? 10);
    },
  });
  gaugeMetric({
    name: 'db_client_connections_pending_requests',
    help: 'Queries waiting for a connection of the database pool.',
    labelNames: pool,
    collect() {
      this.reset();
      for (const [p, name] of pools) this.set({ db_client_connection_pool_name: name }, p.waitingCount);
    },
  });
}

/** Puts the app's pool on the pool metrics, named after its schema, while the module lives. */
@Injectable()
class PoolMetrics implements OnModuleInit, OnModuleDestroy {
  private pool?: PgPool;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(POSTGRES_OPTIONS) private readonly options: PostgresOptions,
  ) {}

  onModuleInit(): void {
    this.pool = (this.dataSource.driver as unknown as { master?: PgPool }).master;
    if (!this.pool) return;
    definePoolMetrics();
    pools.set(this.pool, this.options.schema);
  }

  onModuleDestroy(): void {
    if (this.pool) pools.delete(this.pool);
  }
}

/** The app's TypeORM connection; start-up fails fast when the database is down or not migrated. */
@Module({})
export class PostgresModule {
  static forRoot(options: PostgresOptions): DynamicModule {
    return {
      module: PostgresModule,
      imports: [
        TypeOrmModule.forRoot({
          ...postgresDataSourceOptions(options),
          // Fail start-up within seconds when the database is down, instead of Nest's minute of retries.
          retryAttempts: 1,
          retryDelay: 500,
        }),
      ],
      providers: [{ provide: POSTGRES_OPTIONS, useValue: options }, DroppedConnectionListener, PoolMetrics, SchemaGuard],
    };
  }
}

export function postgresHealthCheck(dataSource: DataSource): HealthCheck {
  return { name: 'postgres', required: true, check: async () => void (await dataSource.query('SELECT 1')) };
}
