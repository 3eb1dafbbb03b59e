import { JOB_STATUS, judgeAttempt, type JobState, type Wf2desPhase } from './job-rules';
import { judgePhaseSignal, type Wf2desPhaseSignal } from './wf2des-transitions';

const processing = (phase: Wf2desPhase | null) => ({ status: JOB_STATUS.processing, phase });

describe('wf2des phase signals (the status-to-effect table)', () => {
  const cases: Array<[Wf2desPhaseSignal, Wf2desPhase | null, 'go' | 'ignored']> = [
    ['parse_started', null, 'go'],
    ['parse_started', 'parse', 'ignored'],
    ['parse_started', 'awaiting_confirm', 'ignored'],
    ['parse_started', 'assemble', 'ignored'],
    ['parse_done', null, 'go'],
    ['parse_done', 'parse', 'go'],
    ['parse_done', 'awaiting_confirm', 'ignored'],
    ['parse_done', 'assemble', 'ignored'],
    ['assemble_started', null, 'go'],
    ['assemble_started', 'parse', 'go'],
    ['assemble_started', 'awaiting_confirm', 'ignored'],
    ['assemble_started', 'assemble', 'ignored'],
  ];
  it.each(cases)('%s on phase %s: %s', (signal, phase, verdict) => {
    expect(judgePhaseSignal(processing(phase), signal).kind).toBe(verdict);
  });

  it('changes nothing on a finished row', () => {
    expect(judgePhaseSignal({ status: JOB_STATUS.completed, phase: null }, 'parse_started')).toEqual({
      kind: 'ignored',
      reason: 'finished: already completed',
    });
    expect(judgePhaseSignal({ status: JOB_STATUS.failed, phase: null }, 'parse_done').kind).toBe('ignored');
  });
});

describe('the attempt guard', () => {
  const job: JobState = { attempt: 2, nonce: 'n2', status: JOB_STATUS.processing, phase: null, attemptNonce: 'n2' };

  it('lets the current attempt with its nonce go on', () => {
    expect(judgeAttempt(job, { attempt: 2, nonce: 'n2' })).toEqual({ kind: 'go' });
  });

  it('ignores an earlier attempt that carries that attempt’s nonce', () => {
    expect(judgeAttempt({ ...job, attemptNonce: 'n1' }, { attempt: 1, nonce: 'n1' }).kind).toBe('ignored');
  });

  it('refuses a wrong nonce, an earlier attempt with a nonce not its own, and an attempt not dispatched', () => {
    expect(judgeAttempt(job, { attempt: 2, nonce: 'other' }).kind).toBe('refused');
    expect(judgeAttempt({ ...job, attemptNonce: 'n1' }, { attempt: 1, nonce: 'n2' }).kind).toBe('refused');
    expect(judgeAttempt({ ...job, attemptNonce: null }, { attempt: 3, nonce: 'n3' }).kind).toBe('refused');
  });
});
