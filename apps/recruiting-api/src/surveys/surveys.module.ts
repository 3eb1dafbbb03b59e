import { Module } from '@nestjs/common';
import { RecruitingCoreModule } from '../core/core.module';
import { SurveysController } from './surveys.controller';
import { SurveysService } from './surveys.service';
import { WarehouseSyncService } from './warehouse-sync.service';

/**
 * The read-only survey data routes (/api/v1/surveys, the Survey data operations of docs/openapi/recruiting-api.json),
 * and the refresh of the survey metadata cache.
 */
@Module({
  imports: [RecruitingCoreModule],
  controllers: [SurveysController],
  providers: [SurveysService, WarehouseSyncService],
})
export class SurveysModule {}
