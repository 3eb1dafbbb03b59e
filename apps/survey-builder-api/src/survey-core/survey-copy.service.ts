import { Injectable } from '@nestjs/common';
import type { Trx } from '../database/builder-db';
import { STATUS_DRAFT } from '../domain/model';
import type { Actor } from '../identity/actor';
import { VersionCopyRepository } from '../snapshot/version-copy.repository';
import { PermissionRepository } from './permission.repository';
import { SurveyRepository, type SurveyRow } from './survey.repository';
import { VersionRepository } from './version.repository';

/** The copy marker of duplicated surveys (`duplicateSurvey`, `copySurvey`). */
export const COPY_SUFFIX = '（複製）';

/**
 * A new survey whose version 1 is a copy of one version of another: theme copied, title marked as a copy,
 * status draft, permissions carried over, and the caller (its creator) given edit.
 */
@Injectable()
export class SurveyCopyService {
  constructor(
    private readonly surveys: SurveyRepository,
    private readonly versions: VersionRepository,
    private readonly copier: VersionCopyRepository,
    private readonly permissions: PermissionRepository,
  ) {}

  async copy(trx: Trx, actor: Actor, source: SurveyRow, fromVersionId: string): Promise<string> {
    const surveyId = await this.surveys.insert(trx, { ...source, title: `${source.title}${COPY_SUFFIX}`, status: STATUS_DRAFT }, actor.id);
    const version = await this.versions.insert(trx, {
      surveyId,
      versionNo: 1,
      status: STATUS_DRAFT,
      createdBy: actor.id,
      sourceVersionId: fromVersionId,
      rollbackFromVersionId: null,
    });
    await this.surveys.pointToVersion(trx, surveyId, version.id, 1, actor.id);
    await this.copier.copyVersion(trx, fromVersionId, version.id);
    await this.permissions.copy(trx, source.id, surveyId);
    await this.permissions.grant(trx, surveyId, actor.id, 'edit');
    return surveyId;
  }
}
