import type { SectionResponse } from '../snapshot/dto/section.response';
import type { PermissionResponse, SurveyBasicsResponse, VersionSummaryResponse } from './dto/survey.response';
import type { PermissionRow } from './permission.repository';
import type { SurveyRow } from './survey.repository';
import type { VersionRow } from './version.repository';

export function surveyBasics(survey: SurveyRow): SurveyBasicsResponse {
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
    createdAt: survey.createdAt.toISOString(),
    updatedAt: survey.updatedAt.toISOString(),
  };
}

export function versionSummary(version: VersionRow): VersionSummaryResponse {
  return {
    id: version.id,
    versionNo: version.versionNo,
    createdAt: version.createdAt.toISOString(),
    createdBy: version.createdBy,
    status: version.status,
    sourceVersionId: version.sourceVersionId,
    rollbackFromVersionId: version.rollbackFromVersionId,
  };
}

/** A version with its snapshot, for the routes that return snapshots. */
export function versionWithSnapshot(version: VersionRow, snapshotSections: SectionResponse[]) {
  return { ...versionSummary(version), snapshotSections };
}

export function permissionResponse(row: PermissionRow): PermissionResponse {
  return { userId: row.userId, userName: row.userName, roleType: row.roleType };
}
