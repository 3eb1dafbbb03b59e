import { createHash, timingSafeEqual } from 'node:crypto';

/** Job row status (issue 12): 0 processing, 1 completed, 2 failed. */
export const JOB_STATUS = { processing: 0, completed: 1, failed: 2 } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];

export type JobKind = 'page_import' | 'code2des' | 'wf2des';
export type Wf2desPhase = 'parse' | 'awaiting_confirm' | 'assemble';

/** What a job callback is judged against: the row, and the nonce of the attempt the callback names. */
export interface JobState {
  attempt: number;
  nonce: string;
  status: JobStatus;
  phase: Wf2desPhase | null;
  /** The nonce stored for the callback's attempt, when that attempt exists. */
  attemptNonce: string | null;
}

export interface JobCallback {
  attempt: number;
  nonce: string;
}

/** Not to be applied: `refused` answers 404 (the callback names no attempt we dispatched), `ignored` 200. */
export type Verdict = { kind: 'go' } | { kind: 'ignored'; reason: string } | { kind: 'refused'; reason: string };

const GO: Verdict = { kind: 'go' };

function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The attempt guard (docs/decisions.md): a callback counts only with the nonce of the attempt it names. The
 * current attempt goes on; an earlier attempt with its own nonce is superseded (200, nothing changes); an
 * attempt not dispatched yet, or a nonce of no attempt, is refused.
 */
export function judgeAttempt(job: JobState, callback: JobCallback): Verdict {
  if (callback.attempt > job.attempt) return { kind: 'refused', reason: 'no such attempt' };
  if (job.attemptNonce === null || !sameSecret(job.attemptNonce, callback.nonce)) return { kind: 'refused', reason: 'nonce mismatch' };
  if (callback.attempt < job.attempt) return { kind: 'ignored', reason: `stale attempt ${callback.attempt} (current ${job.attempt})` };
  return GO;
}

/** A terminal callback applies only to a processing row; a finished one makes it a duplicate. */
export function judgeTerminal(job: Pick<JobState, 'status'>): Verdict {
  if (job.status === JOB_STATUS.completed) return { kind: 'ignored', reason: 'duplicate: already completed' };
  if (job.status === JOB_STATUS.failed) return { kind: 'ignored', reason: 'duplicate: already failed' };
  return GO;
}
