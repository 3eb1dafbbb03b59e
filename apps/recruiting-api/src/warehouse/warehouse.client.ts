import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Pool, type QueryResultRow } from 'pg';
import { RecruitingError } from '../recruiting.errors';

export const WAREHOUSE_OPTIONS = Symbol('WAREHOUSE_OPTIONS');

export interface WarehouseOptions {
  /** WAREHOUSE_URL: the PostgreSQL database holding the `warehouse` schema; unset means no warehouse. */
  url: string | undefined;
}

/** The read-only survey answer warehouse: a small pool on WAREHOUSE_URL, or nothing when it is not configured. */
@Injectable()
export class WarehouseClient implements OnApplicationShutdown {
  private readonly pool: Pool | undefined;

  constructor(url: string | undefined) {
    this.pool = url
      ? new Pool({ connectionString: url, max: 4, application_name: 'recruiting-api-warehouse', statement_timeout: 30_000 })
      : undefined;
    this.pool?.on('error', () => undefined);
  }

  get configured(): boolean {
    return this.pool !== undefined;
  }

  /** 503 DATA_WAREHOUSE_NOT_CONFIGURED unless WAREHOUSE_URL is set. */
  require(): void {
    if (!this.pool)
      throw new RecruitingError('DATA_WAREHOUSE_NOT_CONFIGURED', 'The survey data warehouse is not configured (WAREHOUSE_URL)');
  }

  async query<R extends QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    this.require();
    return (await this.pool!.query<R>(text, values)).rows;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.end();
  }
}
