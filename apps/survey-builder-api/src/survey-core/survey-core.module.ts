import { Module } from '@nestjs/common';
import { SnapshotModule } from '../snapshot/snapshot.module';
import { PermissionRepository } from './permission.repository';
import { SurveyAccessService } from './survey-access.service';
import { SurveyCopyService } from './survey-copy.service';
import { SurveyDetailService } from './survey-detail.service';
import { SurveyWrites } from './survey-writes.service';
import { SurveyRepository } from './survey.repository';
import { VersionRepository } from './version.repository';

/**
 * What every survey feature stands on: the survey, version and permission rows, the permission checks
 * (with the survey lock for edits), where writes open their transactions (one survey's in turn), the survey detail, and copying a version into a new survey.
 */
@Module({
  imports: [SnapshotModule],
  providers: [
    SurveyRepository,
    VersionRepository,
    PermissionRepository,
    SurveyAccessService,
    SurveyWrites,
    SurveyDetailService,
    SurveyCopyService,
  ],
  exports: [
    SnapshotModule,
    SurveyRepository,
    VersionRepository,
    PermissionRepository,
    SurveyAccessService,
    SurveyWrites,
    SurveyDetailService,
    SurveyCopyService,
  ],
})
export class SurveyCoreModule {}
