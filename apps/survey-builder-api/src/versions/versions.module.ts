import { Module } from '@nestjs/common';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { VersionDiffService } from './version-diff.service';
import { VersionsController } from './versions.controller';
import { VersionsService } from './versions.service';

/**
 * Save, version history, rollback and version duplicates (the Versions operations of
 * docs/openapi/survey-builder-api.json), and the diff between two versions.
 */
@Module({
  imports: [SurveyCoreModule],
  controllers: [VersionsController],
  providers: [VersionsService, VersionDiffService],
})
export class VersionsModule {}
