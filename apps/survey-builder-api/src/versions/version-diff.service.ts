import { Injectable } from '@nestjs/common';
import { versionNumberOf } from '../common/id-params';
import { notFound } from '../builder.errors';
import { BuilderDb } from '../database/builder-db';
import { diffVersions } from '../domain/version-diff';
import type { Actor } from '../identity/actor';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { type VersionRow, VersionRepository } from '../survey-core/version.repository';
import type { VersionDiffResponse } from './dto/version-diff.dto';

/** What changed between two versions of a survey (read-only; view permission). */
@Injectable()
export class VersionDiffService {
  constructor(
    private readonly db: BuilderDb,
    private readonly access: SurveyAccessService,
    private readonly versions: VersionRepository,
    private readonly snapshots: SnapshotReadRepository,
  ) {}

  async diff(actor: Actor, surveyId: string, fromNo: string, toNo: string): Promise<VersionDiffResponse> {
    await this.access.forView(this.db, actor, surveyId);
    const [from, to] = await Promise.all([this.versionOf(surveyId, fromNo), this.versionOf(surveyId, toNo)]);
    const sections = await this.snapshots.load(this.db, { versionIds: [...new Set([from.id, to.id])] });
    const of = (version: VersionRow) => sections.filter((s) => s.versionId === version.id);
    return { fromVersionNo: from.versionNo, toVersionNo: to.versionNo, ...diffVersions(of(from), of(to)) };
  }

  private async versionOf(surveyId: string, versionNo: string): Promise<VersionRow> {
    const number = versionNumberOf(versionNo);
    const version = number === undefined ? undefined : await this.versions.findByNumber(this.db, surveyId, number);
    if (!version) throw notFound(`Survey version ${versionNo}`);
    return version;
  }
}
