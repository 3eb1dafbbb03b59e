import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type PermissionRow, PermissionsRepository } from '../permissions/permissions.repository';
import { sectionResponse, type SectionResponse } from '../snapshot/snapshot.mapper';
import { SnapshotRepository } from '../snapshot/snapshot.repository';
import { type VersionRow, VersionsRepository } from '../versions/versions.repository';
import type { SurveyRow } from './surveys.repository';

/** A version as the API answers it; the snapshot only where the route returns snapshots. */
export function versionResponse(version: VersionRow, snapshotSections?: SectionResponse[]) {
  return {
    id: version.id,
    versionNo: version.versionNo,
    createdAt: new Date(version.createdAt).toISOString(),
    createdBy: version.createdBy,
    status: version.status,
    ...(snapshotSections ? { snapshotSections } : {}),
    sourceVersionId: version.sourceVersionId,
    rollbackFromVersionId: version.rollbackFromVersionId,
  };
}

export function surveyBasics(survey: SurveyRow) {
  return {
    id: survey.id,
    title: survey.title,
    clientName: survey.clientName,
    objective: survey.objective,
    deliveryArea: survey.deliveryArea,
    category: survey.category,
    promptText: survey.promptText,
    status: survey.status,
    latestVersionNo: survey.latestVersionNo,
    createdBy: survey.createdBy,
    updatedBy: survey.updatedBy,
    createdAt: new Date(survey.createdAt).toISOString(),
    updatedAt: new Date(survey.updatedAt).toISOString(),
  };
}

/** Assembles a survey's detail: basics, the latest version's sections, permissions, version history. */
@Injectable()
export class SurveyReader {
  constructor(
    private readonly snapshots: SnapshotRepository,
    private readonly permissions: PermissionsRepository,
    private readonly versions: VersionsRepository,
  ) {}

  async detail(manager: EntityManager, survey: SurveyRow) {
    const [sections, permissions, versions] = await Promise.all([
      this.snapshots.load(manager, { versionIds: [survey.latestVersionId] }),
      this.permissions.list(manager, survey.id),
      this.versions.list(manager, survey.id),
    ]);
    return {
      ...surveyBasics(survey),
      sections: sections.map(sectionResponse),
      permissions: permissions.map((p: PermissionRow) => ({ userId: p.userId, userName: p.userName, roleType: p.roleType })),
      versions: versions.map((v) => versionResponse(v)),
    };
  }
}
