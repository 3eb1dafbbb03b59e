import type { EventEmitter } from 'node:events';
import { type DynamicModule, Inject, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { HealthCheck } from '@platform/runtime';
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
      providers: [{ provide: POSTGRES_OPTIONS, useValue: options }, DroppedConnectionListener, SchemaGuard],
    };
  }
}

export function postgresHealthCheck(dataSource: DataSource): HealthCheck {
  return { name: 'postgres', required: true, check: async () => void (await dataSource.query('SELECT 1')) };
}
