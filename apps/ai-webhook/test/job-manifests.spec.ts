import { type CreatedJob, keyOf, manifestFor, startWebhook, urlOf, type Webhook } from './webhook-kit';

describe('page_import and code2des callbacks with S3 manifests', () => {
  let hook: Webhook;
  beforeAll(async () => {
    hook = await startWebhook();
  });
  afterAll(() => hook?.close());

  const pageEffect = { status: 'completed', result_url: 's3://r/page.json', capture_hash: 'sha256:abc', screenshot_url: 's3://r/shot.png' };
  const callback = (job: CreatedJob, overrides: object = {}) => ({
    type: job.kind,
    job_id: job.job_id,
    attempt: job.attempt,
    nonce: job.nonce,
    status: 'succeeded',
    result_manifest_url: urlOf(job),
    manifest_schema_version: 1,
    ...overrides,
  });
  const rowOf = async (job: CreatedJob) => (await hook.query('SELECT * FROM ai_job WHERE job_id = $1', [job.job_id]))[0];
  const auditOf = (job: CreatedJob) =>
    hook.query<{ outcome: string; reason: string | null; attempt: number; status: string }>(
      'SELECT outcome, reason, attempt, status FROM webhook_audit WHERE record_id = $1 ORDER BY id',
      [job.job_id],
    );

  it('completes a page import from its manifest, acknowledges, audits, and dispatches nothing', async () => {
    const job = await hook.createJob('page_import');
    await hook.putManifest(keyOf(job), manifestFor(job, pageEffect));
    const jobsBefore = await hook.query('SELECT job_id FROM ai_job');
    const res = await hook.post(callback(job)).expect(200);
    expect(res.body).toEqual({ message: 'Status applied', type: 'page_import', recordId: job.job_id, status: 'success' });
    expect(await rowOf(job)).toMatchObject({
      status: 1,
      result_url: 's3://r/page.json',
      capture_hash: 'sha256:abc',
      screenshot_url: 's3://r/shot.png',
      attempt: 1,
    });
    expect(await hook.query('SELECT job_id FROM ai_job')).toHaveLength(jobsBefore.length);
    expect(await auditOf(job)).toEqual([{ outcome: 'applied', reason: null, attempt: 1, status: 'succeeded' }]);
    const audits = JSON.stringify(await hook.query('SELECT * FROM webhook_audit'));
    expect(audits).not.toContain('test-webhook-key');
    expect(audits).not.toContain(job.nonce);
  });

  it('fails a code2des job with its failure pointer and error', async () => {
    const job = await hook.createJob('code2des');
    await hook.putManifest(keyOf(job), manifestFor(job, { status: 'failed', failure_result_url: 's3://r/failure.json' }));
    const res = await hook.post(callback(job, { status: 'failed', error: { message: 'no components found' } })).expect(200);
    expect(res.body).toMatchObject({ type: 'code2des', recordId: job.job_id, status: 'failed' });
    expect(await rowOf(job)).toMatchObject({
      status: 2,
      failure_result_url: 's3://r/failure.json',
      error: 'no components found',
      result_url: null,
    });
  });

  it('completes code2des with result_url and warning_count', async () => {
    const job = await hook.createJob('code2des');
    await hook.putManifest(keyOf(job), manifestFor(job, { status: 'completed', result_url: 's3://r/des.json', warning_count: 4 }));
    await hook.post(callback(job)).expect(200);
    expect(await rowOf(job)).toMatchObject({ status: 1, result_url: 's3://r/des.json', warning_count: 4 });
  });

  describe('refuses a forged manifest prefix, and changes nothing', () => {
    let job: CreatedJob;
    let other: CreatedJob;
    beforeAll(async () => {
      job = await hook.createJob('page_import', 1, 10);
      other = await hook.createJob('page_import', 2, 20);
      await hook.putManifest(keyOf(job), manifestFor(job, pageEffect));
      // A forger's manifest, naming the job, at another tenant's prefix.
      await hook.putManifest(keyOf(other).replace(other.job_id, job.job_id), manifestFor(job, pageEffect));
    });

    it.each([
      ['another tenant', () => `s3://${hook.bucket}/2/20/page_import/${job.job_id}/manifest.json`],
      ['another project', () => `s3://${hook.bucket}/1/11/page_import/${job.job_id}/manifest.json`],
      ['another job', () => urlOf(other)],
      ['another kind', () => `s3://${hook.bucket}/1/10/code2des/${job.job_id}/manifest.json`],
      ['another bucket', () => `s3://someone-elses-bucket/1/10/page_import/${job.job_id}/manifest.json`],
    ])('%s: 404', async (_, url) => {
      const res = await hook.post(callback(job, { result_manifest_url: url() })).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect((await rowOf(job)).status).toBe(0);
    });

    it.each([
      ['another scheme', () => `https://${hook.bucket}/1/10/page_import/${job.job_id}/manifest.json`],
      ['another file name', () => `s3://${hook.bucket}/1/10/page_import/${job.job_id}/other.json`],
      ['a path escape', () => `s3://${hook.bucket}/1/10/page_import/${job.job_id}/../manifest.json`],
    ])('%s: 422 (malformed)', async (_, url) => {
      const res = await hook.post(callback(job, { result_manifest_url: url() })).expect(422);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect((await rowOf(job)).status).toBe(0);
    });

    it('then accepts the genuine callback', async () => {
      await hook.post(callback(job)).expect(200);
      expect((await rowOf(job)).status).toBe(1);
    });
  });

  it('refuses a wrong nonce (404) and changes nothing', async () => {
    const job = await hook.createJob('page_import');
    await hook.putManifest(keyOf(job), manifestFor(job, pageEffect));
    await hook.post(callback(job, { nonce: 'not-the-nonce' })).expect(404);
    await hook.post(callback(job, { attempt: 2 })).expect(404);
    expect((await rowOf(job)).status).toBe(0);
    expect(await auditOf(job)).toEqual([]);
  });

  it('404 for an unknown job, or a job of another type', async () => {
    const job = await hook.createJob('code2des');
    await hook.post(callback(job, { job_id: 'no-such-job' })).expect(404);
    await hook.post(callback(job, { type: 'page_import' })).expect(404);
  });

  it.each([
    ['is not JSON', (job: CreatedJob) => hook.putManifest(keyOf(job), '{"manifest_schema_version": 1, "job_id"')],
    ['is missing', async () => undefined],
    [
      'is of schema version 2',
      (job: CreatedJob) => hook.putManifest(keyOf(job), manifestFor(job, pageEffect, { manifest_schema_version: 2 })),
    ],
    ['names another attempt', (job: CreatedJob) => hook.putManifest(keyOf(job), manifestFor(job, pageEffect, { attempt: 2 }))],
    ['names another nonce', (job: CreatedJob) => hook.putManifest(keyOf(job), manifestFor(job, pageEffect, { nonce: 'other' }))],
    ['has no row effect for the job', (job: CreatedJob) => hook.putManifest(keyOf(job), manifestFor(job, pageEffect, { row_effects: [] }))],
  ])('a manifest that %s answers 500 and changes nothing', async (_, write) => {
    const job = await hook.createJob('page_import');
    await write(job);
    const res = await hook.post(callback(job)).expect(500);
    expect(res.body.error.code).toMatch(/^MANIFEST_(UNREADABLE|INVALID)$/);
    expect(JSON.stringify(res.body)).not.toMatch(/NoSuchKey|SyntaxError|ajv/i);
    expect(await rowOf(job)).toMatchObject({ status: 0, result_url: null });
    expect(await auditOf(job)).toEqual([]);
  });

  it('two identical terminal callbacks racing: one transition, both 200', async () => {
    const job = await hook.createJob('page_import');
    await hook.putManifest(keyOf(job), manifestFor(job, pageEffect));
    const answers = await Promise.all([hook.post(callback(job)), hook.post(callback(job)), hook.post(callback(job))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const audit = await auditOf(job);
    expect(audit.filter((a) => a.outcome === 'applied')).toHaveLength(1);
    expect(audit.filter((a) => a.outcome === 'ignored')).toHaveLength(2);
    expect(audit.find((a) => a.outcome === 'ignored')!.reason).toMatch(/duplicate|concurrent/);
    expect((await rowOf(job)).status).toBe(1);
  });

  it('a later duplicate (even claiming failure) answers 200 and changes nothing', async () => {
    const job = await hook.createJob('page_import');
    await hook.putManifest(keyOf(job), manifestFor(job, pageEffect));
    await hook.post(callback(job)).expect(200);
    const res = await hook.post(callback(job, { status: 'failed' })).expect(200);
    expect(res.body.message).toBe('Nothing changed: duplicate: already completed');
    expect(await rowOf(job)).toMatchObject({ status: 1, result_url: 's3://r/page.json' });
  });

  it('attempt 1 arriving after attempt 2 started is ignored; attempt 2 then completes', async () => {
    const first = await hook.createJob('code2des');
    const second = (await hook.ops.retry(first.job_id)) as CreatedJob;
    expect(second).toMatchObject({ job_id: first.job_id, attempt: 2 });
    await hook.putManifest(keyOf(first), manifestFor(first, { status: 'completed', result_url: 's3://r/old.json', warning_count: 1 }));
    const stale = await hook.post(callback(first)).expect(200);
    expect(stale.body.message).toBe('Nothing changed: stale attempt 1 (current 2)');
    expect(await rowOf(first)).toMatchObject({ status: 0, attempt: 2, result_url: null });

    await hook.putManifest(keyOf(second), manifestFor(second, { status: 'completed', result_url: 's3://r/new.json', warning_count: 0 }));
    await hook.post(callback(second)).expect(200);
    await hook.post(callback(first)).expect(200);
    expect(await rowOf(first)).toMatchObject({ status: 1, attempt: 2, result_url: 's3://r/new.json', warning_count: 0 });
    expect((await auditOf(first)).map((a) => `${a.attempt}:${a.outcome}`)).toEqual(['1:ignored', '2:applied', '1:ignored']);
  });

  it('validates the body per type (422), before looking anything up', async () => {
    const job = await hook.createJob('page_import');
    const refuse = async (body: object, field: string) => {
      const res = await hook.post(body).expect(422);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await refuse(callback(job, { type: 'page-import' }), 'type');
    await refuse(callback(job, { type: 'code2wf' }), 'type');
    await refuse(callback(job, { manifest_schema_version: 2 }), 'manifest_schema_version');
    await refuse(callback(job, { status: 'success' }), 'status');
    await refuse(callback(job, { attempt: 0 }), 'attempt');
    await refuse(callback(job, { result_manifest_url: undefined }), 'result_manifest_url');
    await refuse(callback(job, { recordId: 'x' }), 'recordId');
    await refuse({ ...callback(job), job_id: 7 }, 'job_id');
  });

  it('401 without the right X-API-Key, in constant-time comparison', async () => {
    const job = await hook.createJob('page_import');
    const res = await hook.post(callback(job), 'wrong-key-0123456789').expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
    await hook.http().post('/api/v1/webhooks/ai-status').send(callback(job)).expect(401);
  });
});
