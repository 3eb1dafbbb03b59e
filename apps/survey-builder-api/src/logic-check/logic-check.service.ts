import { Injectable } from '@nestjs/common';
import { notFound } from '../builder.errors';
import { BuilderDb } from '../database/builder-db';
import { checkLogic } from '../domain/logic-check';
import type { Actor } from '../identity/actor';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { VersionRepository } from '../survey-core/version.repository';
import type { LogicCheckResponse } from './dto/logic-check.dto';

/** The logic check of a version (read-only; view permission). */
@Injectable()
export class LogicCheckService {
  constructor(
    private readonly db: BuilderDb,
    private readonly access: SurveyAccessService,
    private readonly versions: VersionRepository,
    private readonly snapshots: SnapshotReadRepository,
  ) {}

  async check(actor: Actor, surveyId: string, versionNo?: number): Promise<LogicCheckResponse> {
    const survey = await this.access.forView(this.db, actor, surveyId);
    const version =
      versionNo === undefined
        ? { id: survey.latestVersionId, versionNo: survey.latestVersionNo }
        : await this.versions.findByNumber(this.db, surveyId, versionNo);
    if (!version) throw notFound('Survey version');
    const sections = await this.snapshots.load(this.db, { versionIds: [version.id] });
    return { versionNo: version.versionNo, issues: checkLogic(sections), checkedAt: new Date().toISOString() };
  }
}
