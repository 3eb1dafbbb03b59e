import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { SurveysController } from './surveys.controller';
import { SurveysService } from './surveys.service';
import { WarehouseSyncService } from './warehouse-sync.service';

/**
 * The read-only survey data routes (/api/v1/surveys, the Survey data operations of docs/openapi/recruiting-api.json),
 * and the refresh of the survey metadata cache.
 */
@Module({
  imports: [RepositoriesModule],
  controllers: [SurveysController],
  providers: [SurveysService, WarehouseSyncService],
})
export class SurveysModule {}
