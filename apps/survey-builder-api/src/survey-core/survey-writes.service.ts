import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KeyedTurns, poolLimitsOf, Slots } from '@platform/persistence';
import { BuilderDb, type Trx } from '../database/builder-db';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';

/**
 * Connections a save holds at once: its transaction, and the three reads of the version it copies, which it runs over
 * the pool beside the copy (VersionsService.save).
 */
export const SAVE_CONNECTIONS = 4;

/**
 * Where every write to a survey opens its transaction. The transaction locks the survey row (SurveyAccessService), so
 * writes to one survey run one at a time; a writer waiting for that lock would hold a pooled connection doing nothing.
 * So writes to one survey first queue in this process, holding none (the lock still orders them against other
 * replicas: at most one connection per replica waits on it), and each asks the pool only on its turn. Saves also read
 * over the pool while their transaction holds a connection: as many of them at once as the pool has room for
 * (SAVE_CONNECTIONS each), so their reads always find connections and never wait behind other saves' transactions.
 * Each wait is bounded by the pool's own wait for a connection (DATABASE_POOL_WAIT_MS); past it, 503 with Retry-After.
 */
@Injectable()
export class SurveyWrites {
  private readonly turns: KeyedTurns;
  private readonly saves: Slots;

  constructor(
    private readonly db: BuilderDb,
    private readonly snapshots: SnapshotReadRepository,
    dataSource: DataSource,
  ) {
    const pool = poolLimitsOf(dataSource);
    this.turns = new KeyedTurns(pool.waitMs, 'a turn at the survey');
    this.saves = new Slots(Math.max(1, Math.floor(pool.size / SAVE_CONNECTIONS)), pool.waitMs, 'a turn to save');
  }

  /** A transaction writing to the survey, once this process's earlier writes to it are done. */
  onSurvey<T>(surveyId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.turns.run(surveyId, () => this.db.transaction().execute(work));
  }

  /** The same for a save, whose transaction also reads over the pool: one of the saves running at once. */
  savingSurvey<T>(surveyId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.turns.run(surveyId, () => this.saves.run(() => this.db.transaction().execute(work)));
  }

  /** A transaction writing to the survey that holds this section (any version); a section that does not exist waits for nothing. */
  async onSection<T>(sectionId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    const place = await this.snapshots.placeOfSection(this.db, sectionId);
    return place ? this.onSurvey(place.surveyId, work) : this.db.transaction().execute(work);
  }

  /** The same for the survey that holds this question. */
  async onQuestion<T>(questionId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    const place = await this.snapshots.placeOfQuestion(this.db, questionId);
    return place ? this.onSurvey(place.surveyId, work) : this.db.transaction().execute(work);
  }
}
