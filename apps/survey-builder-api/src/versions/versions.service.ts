import { Injectable } from '@nestjs/common';
import { notFound } from '../builder.errors';
import { BuilderDb, type Db, type Trx } from '../database/builder-db';
import type { Actor } from '../identity/actor';
import { sectionResponse } from '../snapshot/snapshot.mapper';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import { asCopiedInto, VersionCopyRepository } from '../snapshot/version-copy.repository';
import type { SurveyResponse, VersionResponse } from '../survey-core/dto/survey.response';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { SurveyCopyService } from '../survey-core/survey-copy.service';
import { SurveyDetailService } from '../survey-core/survey-detail.service';
import { SurveyRepository, type SurveyRow } from '../survey-core/survey.repository';
import { SurveyWrites } from '../survey-core/survey-writes.service';
import { versionWithSnapshot } from '../survey-core/survey.mapper';
import { type VersionRow, VersionRepository } from '../survey-core/version.repository';
import { versionNumberOf } from '../common/id-params';

/** Version rows read at a time while a history is streamed (the snapshots are read one version at a time). */
const HISTORY_PAGE = 100;

/**
 * Versions (the Versions operations). The latest version is the working copy: edits apply to it, and a save freezes it by copying it,
 * whole, into a new version that becomes the latest (the next working copy) and that the save answers (versionNo N+1,
 * sourceVersionId the frozen N). A rollback copies an older version into a new latest one and answers that, recording
 * where it came from. The survey row is locked first, so concurrent saves get consecutive numbers, never the same one.
 */
@Injectable()
export class VersionsService {
  constructor(
    private readonly db: BuilderDb,
    private readonly writes: SurveyWrites,
    private readonly access: SurveyAccessService,
    private readonly surveys: SurveyRepository,
    private readonly versions: VersionRepository,
    private readonly snapshots: SnapshotReadRepository,
    private readonly versionCopier: VersionCopyRepository,
    private readonly surveyCopier: SurveyCopyService,
    private readonly reader: SurveyDetailService,
  ) {}

  /**
   * The history, every version with its snapshot, in order, once the caller may view the survey: produced one version
   * at a time as it is asked for (the answer is streamed), so what is held at once is one version's snapshot and a page
   * of version rows, however long the history. It ends at the version that was the latest when it was asked for.
   * Each version is read on its own over the pool: no connection is held while the client takes the bytes, and nothing
   * more is read once the caller stops asking (a client that leaves).
   */
  async history(actor: Actor, surveyId: string): Promise<AsyncIterable<VersionResponse>> {
    const survey = await this.access.forView(this.db, actor, surveyId);
    return this.versionsUpTo(survey.id, survey.latestVersionNo);
  }

  private async *versionsUpTo(surveyId: string, lastNo: number): AsyncGenerator<VersionResponse> {
    for (let after = 0; after < lastNo;) {
      const page = await this.versions.listBetween(this.db, surveyId, after, lastNo, HISTORY_PAGE);
      if (page.length === 0) return;
      for (const version of page) yield this.withSnapshot(this.db, version);
      after = page[page.length - 1].versionNo;
    }
  }

  /**
   * The latest version copied, whole, into a new latest version, answered with its snapshot (the copy's rows and ids).
   * Edits take the same lock as a save, so the version being copied cannot change until the commit: its snapshot is
   * read over the pool, under the ids the copy gives its rows (`asCopiedInto`), and the answer is built and handed to
   * `present` (the controller serializes and encodes it there), all while the transaction copies the version. What
   * `present` makes is returned once the copy commits; should either fail, nothing is saved. The transaction and the
   * read hold up to SAVE_CONNECTIONS at once, so saves take their turn (SurveyWrites.savingSurvey).
   */
  async save<T>(actor: Actor, surveyId: string, present: (saved: VersionResponse) => T | Promise<T>): Promise<T> {
    return this.writes.savingSurvey(surveyId, async (trx) => {
      const survey = await this.access.forEdit(trx, actor, surveyId);
      const version = await this.newVersionRow(trx, actor, survey, survey.latestVersionId, null);
      const [presented] = await settledBoth(
        this.snapshots
          .load(this.db, { versionIds: [survey.latestVersionId] })
          .then((sections) => present(versionWithSnapshot(version, asCopiedInto(sections, version.id).map(sectionResponse)))),
        this.copyInto(trx, actor, survey, survey.latestVersionId, version),
      );
      return presented;
    });
  }

  async rollback(actor: Actor, surveyId: string, versionNo: string): Promise<VersionResponse> {
    return this.writes.onSurvey(surveyId, async (trx) => {
      const survey = await this.access.forEdit(trx, actor, surveyId);
      const target = await this.versionOf(trx, survey.id, versionNo);
      const version = await this.newVersionRow(trx, actor, survey, target.id, target.id);
      await this.copyInto(trx, actor, survey, target.id, version);
      return this.withSnapshot(trx, version);
    });
  }

  /** A new survey from one version of this one (answers the Survey, not a version). */
  async duplicate(actor: Actor, surveyId: string, versionNo: string): Promise<SurveyResponse> {
    return this.db.transaction().execute(async (trx) => {
      const survey = await this.access.forView(trx, actor, surveyId);
      const version = await this.versionOf(trx, survey.id, versionNo);
      const copyId = await this.surveyCopier.copy(trx, actor, survey, version.id);
      return this.reader.detailById(trx, actor.id, copyId);
    });
  }

  /** The row of the survey's next version, copied from another (`copyInto` copies it and makes it the latest). */
  private newVersionRow(
    trx: Trx,
    actor: Actor,
    survey: SurveyRow,
    fromVersionId: string,
    rollbackFromVersionId: string | null,
  ): Promise<VersionRow> {
    return this.versions.insert(trx, {
      surveyId: survey.id,
      versionNo: survey.latestVersionNo + 1,
      status: survey.status,
      createdBy: actor.id,
      sourceVersionId: fromVersionId,
      rollbackFromVersionId,
    });
  }

  private async copyInto(trx: Trx, actor: Actor, survey: SurveyRow, fromVersionId: string, version: VersionRow): Promise<void> {
    await this.versionCopier.copyVersion(trx, fromVersionId, version.id);
    await this.surveys.pointToVersion(trx, survey.id, version.id, version.versionNo, actor.id);
  }

  private async withSnapshot(db: Db, version: VersionRow): Promise<VersionResponse> {
    const sections = await this.snapshots.load(db, { versionIds: [version.id] });
    return versionWithSnapshot(version, sections.map(sectionResponse));
  }

  private async versionOf(db: Db, surveyId: string, versionNo: string): Promise<VersionRow> {
    const number = versionNumberOf(versionNo);
    const version = number === undefined ? undefined : await this.versions.findByNumber(db, surveyId, number);
    if (!version) throw notFound('Survey version');
    return version;
  }
}

/**
 * Both values once both promises have settled, or the first failure: the transaction must not end (and give its
 * connection back) while its own queries are still running beside a read that failed.
 */
async function settledBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}
