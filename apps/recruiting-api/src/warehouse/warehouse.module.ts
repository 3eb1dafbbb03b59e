import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { WarehouseConfig } from '../config';
import { WarehouseClient } from './warehouse.client';
import { WarehouseRepository } from './warehouse.repository';

/** The survey answer warehouse (WAREHOUSE_URL, optional): its client and its queries, for the surveys and imports features. */
@Global()
@Module({})
export class WarehouseModule {
  static register(options: WarehouseConfig): DynamicModule {
    return {
      module: WarehouseModule,
      providers: [{ provide: WarehouseClient, useFactory: () => new WarehouseClient(options.url) }, WarehouseRepository],
      exports: [WarehouseClient, WarehouseRepository],
    };
  }
}
