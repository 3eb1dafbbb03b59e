import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { STATUS_DRAFT } from '../domain/model';
import type { Actor } from '../identity/actor';
import { PermissionsRepository } from '../permissions/permissions.repository';
import { SnapshotRepository } from '../snapshot/snapshot.repository';
import { VersionsRepository } from '../versions/versions.repository';
import { SurveysRepository, type SurveyRow } from './surveys.repository';

/** The copy marker of duplicated surveys (spec 4.1). */
export const COPY_SUFFIX = '（複製）';

/**
 * A new survey whose version 1 is a copy of one version of another: theme copied, title marked as a copy,
 * status draft, permissions carried over, and the caller (its creator) given edit.
 */
@Injectable()
export class SurveyCopier {
  constructor(
    private readonly surveys: SurveysRepository,
    private readonly versions: VersionsRepository,
    private readonly snapshots: SnapshotRepository,
    private readonly permissions: PermissionsRepository,
  ) {}

  async copy(manager: EntityManager, actor: Actor, source: SurveyRow, fromVersionId: string): Promise<string> {
    const surveyId = await this.surveys.insert(manager, { ...source, title: `${source.title}${COPY_SUFFIX}`, status: STATUS_DRAFT }, actor.id);
    const version = await this.versions.insert(manager, {
      surveyId,
      versionNo: 1,
      status: STATUS_DRAFT,
      createdBy: actor.id,
      sourceVersionId: fromVersionId,
      rollbackFromVersionId: null,
    });
    await this.surveys.pointToVersion(manager, surveyId, version.id, 1, actor.id);
    await this.snapshots.copyVersion(manager, fromVersionId, version.id);
    await this.permissions.copy(manager, source.id, surveyId);
    await this.permissions.grant(manager, surveyId, actor.id, 'edit');
    return surveyId;
  }
}
