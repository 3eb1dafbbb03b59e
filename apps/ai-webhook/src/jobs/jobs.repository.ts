import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../database/ai-jobs-db';
import type { AiJob } from '../database/schema';
import type { JobKind, JobState, JobStatus, Wf2desPhase } from '../domain/job-rules';
import type { AuditEntry } from './audit';
import { withAppliedAudit } from './audit.repository';

/** A job row as the services see it. */
export interface JobRow extends JobState {
  jobId: string;
  organizationId: number;
  projectId: number;
  kind: JobKind;
}

/** Which row a transition may touch: this job, at this attempt with this nonce, still processing. */
export interface JobGuard {
  jobId: string;
  attempt: number;
  nonce: string;
}

/** The fields a terminal transition writes (from the manifest's row effect and the callback). */
export interface JobOutcome {
  status: Exclude<JobStatus, 0>;
  resultUrl?: string | null;
  captureHash?: string | null;
  screenshotUrl?: string | null;
  warningCount?: number | null;
  flagCount?: number | null;
  failureResultUrl?: string | null;
  error?: string | null;
}

const JOB_COLUMNS = ['jobId', 'organizationId', 'projectId', 'kind', 'attempt', 'nonce', 'status', 'phase'] as const;

type JobSelection = Pick<Selectable<AiJob>, (typeof JOB_COLUMNS)[number]>;

const toRow = (row: JobSelection, attemptNonce: string | null): JobRow => ({
  jobId: row.jobId,
  organizationId: Number(row.organizationId),
  projectId: Number(row.projectId),
  kind: row.kind as JobKind,
  attempt: row.attempt,
  nonce: row.nonce,
  status: row.status as JobStatus,
  phase: row.phase as Wf2desPhase | null,
  attemptNonce,
});

/**
 * The ai_job and ai_job_attempt tables. Every transition is one statement guarded by job, attempt, nonce and
 * current state, which also writes its audit row (a data-modifying CTE): a transition is never applied
 * without its audit, and a guard that fails changes nothing. Phase moves: PhaseMovesRepository.
 */
@Injectable()
export class JobsRepository {
  /** The job of this kind, with the nonce of the attempt a callback names (null when there is no such attempt). */
  async find(db: Db, jobId: string, kind: JobKind, attempt: number): Promise<JobRow | undefined> {
    const row = await db
      .selectFrom('aiJob as j')
      .leftJoin('aiJobAttempt as a', (join) => join.onRef('a.jobId', '=', 'j.jobId').on('a.attempt', '=', attempt))
      .select(JOB_COLUMNS.map((column) => `j.${column}` as const))
      .select('a.nonce as attemptNonce')
      .where('j.jobId', '=', jobId)
      .where('j.kind', '=', kind)
      .executeTakeFirst();
    return row ? toRow(row, row.attemptNonce) : undefined;
  }

  /** processing → completed or failed with the outcome's fields, phase cleared. True when applied. */
  async finish(db: Db, guard: JobGuard, kind: JobKind, outcome: JobOutcome, audit: AuditEntry): Promise<boolean> {
    const written = await withAppliedAudit(
      db,
      db
        .updateTable('aiJob')
        .set({
          status: outcome.status,
          phase: null,
          resultUrl: outcome.resultUrl ?? null,
          captureHash: outcome.captureHash ?? null,
          screenshotUrl: outcome.screenshotUrl ?? null,
          warningCount: outcome.warningCount ?? null,
          flagCount: outcome.flagCount ?? null,
          failureResultUrl: outcome.failureResultUrl ?? null,
          error: outcome.error ?? null,
          updatedAt: sql`now()`,
          finishedAt: sql`now()`,
        })
        .where('jobId', '=', guard.jobId)
        .where('kind', '=', kind)
        .where('attempt', '=', guard.attempt)
        .where('nonce', '=', guard.nonce)
        .where('status', '=', 0)
        .returning(['organizationId', 'projectId']),
      audit,
    ).executeTakeFirst();
    return written !== undefined;
  }
}
