import { Injectable } from '@nestjs/common';
import { CompiledQuery } from 'kysely';
import { AiJobsDb } from '../database/ai-jobs-db';
import { Batcher } from '../database/batcher';
import type { JobStatus, Wf2desPhase } from '../domain/job-rules';
import { AUDIT_CHANGED_ROWS } from './audit.repository';
import type { JobGuard, JobRow } from './jobs.repository';

/** One wf2des phase signal to apply: the guard, the move, and what its audit row says. */
export interface PhaseMove extends JobGuard {
  to: Wf2desPhase;
  from: ReadonlyArray<Wf2desPhase | null>;
  type: string;
  status: string;
}

/**
 * Every move of the batch in one statement: each row moves only if its job is at that attempt with that nonce,
 * still processing, and in a phase it may move from; each row moved gets its audit row in the same statement.
 * Two moves of one job in a batch move it once (UPDATE … FROM takes one input row per target row). Each move not
 * applied comes back with its job as the statement's snapshot saw it, to answer 404 or say why without another
 * round trip.
 */
const MOVE_PHASES = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(
      idx int, job_id text, attempt int, nonce text, to_phase text, from_none boolean, from_phases text[], type text, status text)
  ), changed AS (
    UPDATE ai_job j SET phase = i.to_phase, updated_at = now()
    FROM input i
    WHERE j.job_id = i.job_id AND j.kind = 'wf2des' AND j.attempt = i.attempt AND j.nonce = i.nonce AND j.status = 0
      AND ((j.phase IS NULL AND i.from_none) OR j.phase = ANY (i.from_phases))
    RETURNING i.idx, i.type, j.organization_id, j.project_id, j.job_id, i.attempt, i.status
  ), audited AS (
    ${AUDIT_CHANGED_ROWS}
  )
  SELECT i.idx, c.idx IS NOT NULL AS applied, j.organization_id, j.project_id, j.attempt, j.nonce, j.status, j.phase,
         a.nonce AS attempt_nonce
  FROM input i
  LEFT JOIN changed c ON c.idx = i.idx
  LEFT JOIN ai_job j ON j.job_id = i.job_id AND j.kind = 'wf2des'
  LEFT JOIN ai_job_attempt a ON a.job_id = i.job_id AND a.attempt = i.attempt
  ORDER BY i.idx`;

/** A move applied, or not, with the job as it was when the statement began (undefined: no such wf2des job). */
export type PhaseMoveResult = { applied: true } | { applied: false; job: JobRow | undefined };

interface ResultRow {
  idx: number;
  applied: boolean;
  organizationId: string | null;
  projectId: string | null;
  attempt: number | null;
  nonce: string | null;
  status: number | null;
  phase: string | null;
  attemptNonce: string | null;
}

/**
 * The wf2des phase signals, the webhook's hottest path: signals arriving together are applied as one guarded
 * statement (Batcher), so under load a round trip and a commit serve many callbacks (docs/decisions.md).
 */
@Injectable()
export class PhaseMovesRepository {
  private readonly batcher = new Batcher<PhaseMove, PhaseMoveResult>((moves) => this.applyAll(moves));

  constructor(private readonly db: AiJobsDb) {}

  move(move: PhaseMove): Promise<PhaseMoveResult> {
    return this.batcher.submit(move);
  }

  /**
   * Moves of one job that differ (another signal, attempt or nonce) go to statements one after another, in
   * arrival order, so each sees the other's effect as it would one callback at a time. Identical moves share a
   * statement: after the first, a copy could not apply either (no transition moves to a phase it moves from).
   */
  private async applyAll(moves: PhaseMove[]): Promise<PhaseMoveResult[]> {
    const results = new Array<PhaseMoveResult>(moves.length);
    let pending = moves.map((move, index) => ({ move, index }));
    while (pending.length > 0) {
      const firstOfJob = new Map<string, string>();
      const now: typeof pending = [];
      const later: typeof pending = [];
      for (const entry of pending) {
        const signature = `${entry.move.to}|${entry.move.attempt}|${entry.move.nonce}`;
        const first = firstOfJob.get(entry.move.jobId) ?? signature;
        firstOfJob.set(entry.move.jobId, first);
        (first === signature ? now : later).push(entry);
      }
      const answers = await this.applyTogether(now.map((entry) => entry.move));
      now.forEach((entry, i) => (results[entry.index] = answers[i]));
      pending = later;
    }
    return results;
  }

  private async applyTogether(moves: PhaseMove[]): Promise<PhaseMoveResult[]> {
    const input = moves.map((move, idx) => ({
      idx,
      job_id: move.jobId,
      attempt: move.attempt,
      nonce: move.nonce,
      to_phase: move.to,
      from_none: move.from.includes(null),
      from_phases: move.from.filter((phase) => phase !== null),
      type: move.type,
      status: move.status,
    }));
    const result = await this.db.executeQuery<ResultRow>(CompiledQuery.raw(MOVE_PHASES, [JSON.stringify(input)]));
    return result.rows.map((row, idx) => {
      if (row.applied) return { applied: true };
      if (row.organizationId === null) return { applied: false, job: undefined };
      return {
        applied: false,
        job: {
          jobId: moves[idx].jobId,
          kind: 'wf2des',
          organizationId: Number(row.organizationId),
          projectId: Number(row.projectId),
          attempt: row.attempt!,
          nonce: row.nonce!,
          status: row.status as JobStatus,
          phase: row.phase as Wf2desPhase | null,
          attemptNonce: row.attemptNonce,
        },
      };
    });
  }
}
