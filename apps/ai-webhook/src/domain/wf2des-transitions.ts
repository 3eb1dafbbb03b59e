import { judgeTerminal, type JobState, type Verdict, type Wf2desPhase } from './job-rules';

export type Wf2desPhaseSignal = 'parse_started' | 'parse_done' | 'assemble_started';

export interface PhaseTransition {
  /** The phase the row gets. */
  to: Wf2desPhase;
  /** The phases (null: none yet) the signal applies from; from any other the signal has no effect. */
  from: ReadonlyArray<Wf2desPhase | null>;
}

/**
 * The wf2des status-to-effect table of `reportAiJobStatus`, for the phase signals (all on a processing row, status 0).
 * Phases only move forward (none, parse, awaiting_confirm, assemble), so a late or repeated signal changes
 * nothing: parse_started from none; parse_done from none or parse (row stays status 0); assemble_started
 * from none or parse, the auto-confirm path where parse_done is never sent. After parse_done the run waits
 * for an interactive confirm, which owns the move on: assemble_started then has no effect.
 */
export const WF2DES_PHASE_TRANSITIONS: Readonly<Record<Wf2desPhaseSignal, PhaseTransition>> = {
  parse_started: { to: 'parse', from: [null] },
  parse_done: { to: 'awaiting_confirm', from: [null, 'parse'] },
  assemble_started: { to: 'assemble', from: [null, 'parse'] },
};

/** succeeded: status 1 with result_url and flag_count from the manifest; failed: status 2 with error and failure pointer; phase cleared. */
export const WF2DES_TERMINAL = { succeeded: 'completed', failed: 'failed' } as const;

export function isPhaseSignal(status: string): status is Wf2desPhaseSignal {
  return status in WF2DES_PHASE_TRANSITIONS;
}

/** Why a phase signal changes nothing on this row, or go. The SQL guard states the same condition. */
export function judgePhaseSignal(job: Pick<JobState, 'status' | 'phase'>, signal: Wf2desPhaseSignal): Verdict {
  const finished = judgeTerminal(job);
  if (finished.kind !== 'go') return { kind: 'ignored', reason: finished.reason.replace('duplicate: ', 'finished: ') };
  const transition = WF2DES_PHASE_TRANSITIONS[signal];
  if (!transition.from.includes(job.phase)) return { kind: 'ignored', reason: `superseded: phase is ${job.phase}` };
  return { kind: 'go' };
}
