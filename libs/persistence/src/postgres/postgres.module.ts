import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
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
      providers: [{ provide: POSTGRES_OPTIONS, useValue: options }, SchemaGuard],
    };
  }
}

export function postgresHealthCheck(dataSource: DataSource): HealthCheck {
  return { name: 'postgres', required: true, check: async () => void (await dataSource.query('SELECT 1')) };
}
