import { type DynamicModule, Global, Module } from '@nestjs/common';
import { SurveyMetadataRepository } from './survey-metadata.repository';
import { SurveysController } from './surveys.controller';
import { SurveysService } from './surveys.service';
import { WarehouseClient } from './warehouse.client';
import { WarehouseRepository } from './warehouse.repository';
import { WarehouseSyncService } from './warehouse-sync.service';

/** The survey answer warehouse (WAREHOUSE_URL, optional) and the read-only survey data routes of spec 4.6. */
@Global()
@Module({})
export class WarehouseModule {
  static register(options: { url: string | undefined }): DynamicModule {
    return {
      module: WarehouseModule,
      controllers: [SurveysController],
      providers: [
        { provide: WarehouseClient, useFactory: () => new WarehouseClient(options.url) },
        WarehouseRepository,
        SurveyMetadataRepository,
        SurveysService,
        WarehouseSyncService,
      ],
      exports: [WarehouseClient, WarehouseRepository, SurveyMetadataRepository, SurveysService, WarehouseSyncService],
    };
  }
}
