import { Injectable } from '@nestjs/common';
import type { Db } from '../database/builder-db';
import { sectionResponse } from '../snapshot/snapshot.mapper';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import type { SurveyResponse } from './dto/survey.response';
import { PermissionRepository } from './permission.repository';
import { type AccessibleSurvey, SurveyRepository, type SurveyRow } from './survey.repository';
import { permissionResponse, surveyBasics, versionSummary } from './survey.mapper';
import { VersionRepository } from './version.repository';

/** Assembles a survey's detail: basics, the latest version's sections, permissions, version history. */
@Injectable()
export class SurveyDetailService {
  constructor(
    private readonly surveys: SurveyRepository,
    private readonly snapshots: SnapshotReadRepository,
    private readonly permissions: PermissionRepository,
    private readonly versions: VersionRepository,
  ) {}

  async detail(db: Db, survey: SurveyRow): Promise<SurveyResponse> {
    const [sections, permissions, versions] = await Promise.all([
      this.snapshots.load(db, { versionIds: [survey.latestVersionId] }),
      this.permissions.list(db, survey.id),
      this.versions.list(db, survey.id),
    ]);
    return {
      ...surveyBasics(survey),
      sections: sections.map(sectionResponse),
      permissions: permissions.map(permissionResponse),
      versions: versions.map(versionSummary),
    };
  }

  /** The detail of a survey just written in this transaction (the caller may see it by construction). */
  async detailById(db: Db, userId: string, surveyId: string): Promise<SurveyResponse> {
    const survey: AccessibleSurvey | undefined = await this.surveys.find(db, surveyId, userId);
    return this.detail(db, survey!);
  }
}
