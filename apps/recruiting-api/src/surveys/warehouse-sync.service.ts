import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RecruitingDb } from '../database/recruiting-db';
import { SurveyMetadataRepository } from '../database/repositories/survey-metadata.repository';
import { WarehouseClient } from '../warehouse/warehouse.client';
import { WarehouseRepository } from '../warehouse/warehouse.repository';

/** Refreshes the survey metadata cache from the warehouse: at start-up (a failure is logged, not fatal) and on demand. */
@Injectable()
export class WarehouseSyncService implements OnApplicationBootstrap {
  private readonly logger = new Logger('WarehouseSync');

  constructor(
    private readonly db: RecruitingDb,
    private readonly warehouse: WarehouseClient,
    private readonly surveys: WarehouseRepository,
    private readonly cache: SurveyMetadataRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.warehouse.configured) return;
    try {
      const count = await this.sync();
      this.logger.log({ surveys: count }, 'survey metadata cache refreshed');
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'could not refresh the survey metadata cache at start-up');
    }
  }

  /** Answers how many surveys the cache now holds. */
  async sync(): Promise<number> {
    const rows = await this.surveys.stats();
    await this.cache.replaceAll(this.db, rows);
    return rows.length;
  }
}
