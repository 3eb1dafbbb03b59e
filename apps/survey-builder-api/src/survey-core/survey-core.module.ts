import { Module } from '@nestjs/common';
import { SnapshotModule } from '../snapshot/snapshot.module';
import { PermissionRepository } from './permission.repository';
import { SurveyAccessService } from './survey-access.service';
import { SurveyCopyService } from './survey-copy.service';
import { SurveyDetailService } from './survey-detail.service';
import { SurveyWrites } from './survey-writes.service';
import { SurveyRepository } from './survey.repository';
import { VersionRepository } from './version.repository';

/** What the kernel provides, each exported to the features that import it. */
const SHARED = [
  SurveyRepository,
  VersionRepository,
  PermissionRepository,
  SurveyAccessService,
  SurveyWrites,
  SurveyDetailService,
  SurveyCopyService,
];

/**
 * What every survey feature stands on: the survey, version and permission rows, the permission checks
 * (with the survey lock for edits), where writes open their transactions (one survey's in turn), the survey detail, and copying a version into a new survey.
 */
@Module({
  imports: [SnapshotModule],
  providers: SHARED,
  exports: [SnapshotModule, ...SHARED],
})
export class SurveyCoreModule {}
