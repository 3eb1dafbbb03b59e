import { WF2DES_PHASE_TRANSITIONS } from '../src/domain/wf2des-transitions';
import { PhaseMovesRepository } from '../src/jobs/phase-moves.repository';
import { type CreatedJob, keyOf, manifestFor, startWebhook, urlOf, type Webhook } from './webhook-kit';

describe('wf2des callbacks: the status-to-effect table', () => {
  let hook: Webhook;
  beforeAll(async () => {
    hook = await startWebhook();
  });
  afterAll(() => hook?.close());

  const signal = (job: CreatedJob, status: string, overrides: object = {}) =>
    hook.post({ type: 'wf2des', job_id: job.job_id, attempt: job.attempt, nonce: job.nonce, status, ...overrides });
  const terminal = (job: CreatedJob, status: 'succeeded' | 'failed', overrides: object = {}) =>
    signal(job, status, { result_manifest_url: urlOf(job), ...overrides });
  const rowOf = async (job: CreatedJob) =>
    (await hook.query<{ status: number; phase: string | null }>('SELECT * FROM ai_job WHERE job_id = $1', [job.job_id]))[0];
  const phaseOf = async (job: CreatedJob) => (await rowOf(job)).phase;

  /** Sends the signals in order and returns the phase after each, with each acknowledgement's message. */
  async function run(job: CreatedJob, statuses: string[]) {
    const steps: string[] = [];
    for (const status of statuses) {
      const res = await signal(job, status).expect(200);
      expect(res.body).toMatchObject({ type: 'wf2des', recordId: job.job_id, status: 'success' });
      steps.push(`${status}->${await phaseOf(job)}${res.body.message === 'Status applied' ? '' : ' (ignored)'}`);
    }
    return steps;
  }

  it('interactive path: parse_started, parse_done; assemble_started after the confirm has no effect', async () => {
    const job = await hook.createJob('wf2des');
    expect(await run(job, ['parse_started', 'parse_done', 'assemble_started'])).toEqual([
      'parse_started->parse',
      'parse_done->awaiting_confirm',
      'assemble_started->awaiting_confirm (ignored)',
    ]);
    expect((await rowOf(job)).status).toBe(0);
  });

  it('auto-confirm path: parse_started then assemble_started (no parse_done)', async () => {
    const job = await hook.createJob('wf2des');
    expect(await run(job, ['parse_started', 'assemble_started'])).toEqual(['parse_started->parse', 'assemble_started->assemble']);
  });

  it('out of order and repeated signals never move a phase back', async () => {
    const job = await hook.createJob('wf2des');
    expect(await run(job, ['parse_done', 'parse_started', 'parse_done', 'parse_started'])).toEqual([
      'parse_done->awaiting_confirm',
      'parse_started->awaiting_confirm (ignored)',
      'parse_done->awaiting_confirm (ignored)',
      'parse_started->awaiting_confirm (ignored)',
    ]);
    const other = await hook.createJob('wf2des');
    expect(await run(other, ['assemble_started', 'parse_started', 'parse_done', 'assemble_started'])).toEqual([
      'assemble_started->assemble',
      'parse_started->assemble (ignored)',
      'parse_done->assemble (ignored)',
      'assemble_started->assemble (ignored)',
    ]);
  });

  it('succeeded reads the manifest: status 1 with result_url and flag_count, phase cleared; later signals change nothing', async () => {
    const job = await hook.createJob('wf2des');
    await run(job, ['parse_started']);
    await hook.putManifest(keyOf(job), manifestFor(job, { status: 'completed', result_url: 's3://r/design.json', flag_count: 3 }));
    const res = await terminal(job, 'succeeded').expect(200);
    expect(res.body).toEqual({ message: 'Status applied', type: 'wf2des', recordId: job.job_id, status: 'success' });
    expect(await rowOf(job)).toMatchObject({ status: 1, phase: null, result_url: 's3://r/design.json', flag_count: 3 });
    expect(await run(job, ['parse_done', 'assemble_started'])).toEqual(['parse_done->null (ignored)', 'assemble_started->null (ignored)']);
    await terminal(job, 'failed').expect(200);
    expect((await rowOf(job)).status).toBe(1);
  });

  it('failed: status 2 with the error and the failure pointer, phase cleared', async () => {
    const job = await hook.createJob('wf2des');
    await run(job, ['parse_started', 'parse_done']);
    await hook.putManifest(keyOf(job), manifestFor(job, { status: 'failed', failure_result_url: 's3://r/fail.json' }));
    const res = await terminal(job, 'failed', { error: { message: 'assemble crashed' } }).expect(200);
    expect(res.body.status).toBe('failed');
    expect(await rowOf(job)).toMatchObject({ status: 2, phase: null, error: 'assemble crashed', failure_result_url: 's3://r/fail.json' });
  });

  it('result_manifest_url is required for terminal statuses and refused for phase signals (422)', async () => {
    const job = await hook.createJob('wf2des');
    for (const status of ['succeeded', 'failed']) {
      const res = await signal(job, status).expect(422);
      expect(res.body.error.details[0].field).toBe('result_manifest_url');
    }
    for (const status of ['parse_started', 'parse_done', 'assemble_started']) {
      await signal(job, status, { result_manifest_url: urlOf(job) }).expect(422);
    }
    await signal(job, 'parse_finished').expect(422);
    expect(await rowOf(job)).toMatchObject({ status: 0, phase: null });
  });

  it('a missing row answers 404 so the queue redelivers; a wrong nonce is refused', async () => {
    const job = await hook.createJob('wf2des');
    await signal({ ...job, job_id: 'missing-job' }, 'parse_started').expect(404);
    await signal({ ...job, nonce: 'forged' }, 'parse_started').expect(404);
    await signal({ ...job, attempt: 3 }, 'parse_started').expect(404);
    const page = await hook.createJob('page_import');
    await signal(page, 'parse_started').expect(404);
    expect(await phaseOf(job)).toBeNull();
  });

  it('a stale attempt changes nothing (attempt 1 after attempt 2 started)', async () => {
    const first = await hook.createJob('wf2des');
    await run(first, ['parse_started', 'parse_done']);
    const second = (await hook.ops.retry(first.job_id)) as CreatedJob;
    expect(await phaseOf(first)).toBeNull();
    const stale = await signal(first, 'parse_started').expect(200);
    expect(stale.body.message).toBe('Nothing changed: stale attempt 1 (current 2)');
    expect(await phaseOf(first)).toBeNull();
    await hook.putManifest(keyOf(first), manifestFor(first, { status: 'completed', result_url: 's3://r/x', flag_count: 0 }));
    await terminal(first, 'succeeded').expect(200);
    expect(await rowOf(first)).toMatchObject({ status: 0, attempt: 2 });
    expect(await run(second, ['parse_started'])).toEqual(['parse_started->parse']);
  });

  it('the same phase signal racing: one transition, every answer 200, each audited', async () => {
    const job = await hook.createJob('wf2des');
    const answers = await Promise.all(Array.from({ length: 5 }, () => signal(job, 'parse_started')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const audit = await hook.query<{ outcome: string }>('SELECT outcome FROM webhook_audit WHERE record_id = $1', [job.job_id]);
    expect(audit.filter((a) => a.outcome === 'applied')).toHaveLength(1);
    expect(audit).toHaveLength(5);
  });

  it('applies different signals of one job in arrival order even when they share a batch', async () => {
    const moves = hook.app.get(PhaseMovesRepository);
    const [other, job] = [(await hook.createJob('wf2des')) as CreatedJob, (await hook.createJob('wf2des')) as CreatedJob];
    const move = (target: CreatedJob, signal: 'parse_started' | 'parse_done') =>
      moves.move({
        jobId: target.job_id,
        attempt: 1,
        nonce: target.nonce,
        ...WF2DES_PHASE_TRANSITIONS[signal],
        type: 'wf2des',
        status: signal,
      });
    // The first call runs alone; the next three wait for it and are applied as one batch.
    const results = await Promise.all([
      move(other, 'parse_started'),
      move(job, 'parse_started'),
      move(job, 'parse_done'),
      move(job, 'parse_started'),
    ]);
    expect(results.map((r) => r.applied)).toEqual([true, true, true, false]);
    const [row] = await hook.query('SELECT phase FROM ai_job WHERE job_id = $1', [job.job_id]);
    expect(row.phase).toBe('awaiting_confirm');
    const audit = await hook.query('SELECT status, outcome FROM webhook_audit WHERE record_id = $1 ORDER BY id', [job.job_id]);
    expect(audit).toEqual([
      { status: 'parse_started', outcome: 'applied' },
      { status: 'parse_done', outcome: 'applied' },
    ]);
  });
});
