import { startWebhook, type Webhook } from './webhook-kit';

describe('standard envelope callbacks (design-import, code-import, des2code)', () => {
  let hook: Webhook;
  beforeAll(async () => {
    hook = await startWebhook();
    await hook.ops.create('design-import', 2, 20);
  });
  afterAll(() => hook?.close());

  const body = (recordId: string, overrides: object = {}) => ({
    type: 'design-import',
    recordId,
    organizationId: 1,
    projectId: 10,
    status: 'success',
    result: { pages: 3, nested: { camelCase: true } },
    ...overrides,
  });
  const recordOf = async (id: string) => (await hook.query('SELECT * FROM ai_record WHERE id = $1', [id]))[0];

  it('moves processing to completed with the result, and acknowledges', async () => {
    const { record_id } = await hook.createRecord('design-import');
    const res = await hook.post(body(record_id)).expect(200);
    expect(res.body).toEqual({ message: 'Status applied', type: 'design-import', recordId: record_id, status: 'success' });
    expect(await recordOf(record_id)).toMatchObject({
      status: 'completed',
      result: { pages: 3, nested: { camelCase: true } },
      error: null,
    });
  });

  it('moves processing to failed with the error', async () => {
    const { record_id } = await hook.createRecord('code-import');
    const res = await hook.post(
      body(record_id, { type: 'code-import', status: 'failed', result: undefined, error: { message: 'parse error' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('failed');
    expect(await recordOf(record_id)).toMatchObject({ status: 'failed', error: 'parse error', result: null });
  });

  it('stores des2code artifact metadata; other types refuse it (422)', async () => {
    const { record_id } = await hook.createRecord('des2code');
    const artifact = { files: 12, bundle: 's3://artifacts/x.zip', framework: 'react' };
    await hook.post(body(record_id, { type: 'des2code', artifact })).expect(200);
    expect(await recordOf(record_id)).toMatchObject({ status: 'completed', artifact });
    const other = await hook.createRecord('design-import');
    const res = await hook.post(body(other.record_id, { artifact })).expect(422);
    expect(res.body.error.details[0].field).toBe('artifact');
  });

  it('a second terminal callback is idempotent: 200, nothing changed', async () => {
    const { record_id } = await hook.createRecord('design-import');
    await hook.post(body(record_id)).expect(200);
    const res = await hook.post(body(record_id, { status: 'failed', error: { message: 'late' }, result: { other: 1 } })).expect(200);
    expect(res.body.message).toBe('Nothing changed: duplicate: already completed');
    expect(await recordOf(record_id)).toMatchObject({
      status: 'completed',
      error: null,
      result: { pages: 3, nested: { camelCase: true } },
    });
    const audit = await hook.query('SELECT outcome, reason, status FROM webhook_audit WHERE record_id = $1 ORDER BY id', [record_id]);
    expect(audit).toEqual([
      { outcome: 'applied', reason: null, status: 'success' },
      { outcome: 'ignored', reason: 'duplicate: already completed', status: 'failed' },
    ]);
  });

  it('verifies the tenant first: 404 for an unknown organization, project, record, or a record of another tenant', async () => {
    const { record_id } = await hook.createRecord('design-import');
    const foreign = await hook.query<{ id: string }>(`SELECT id FROM ai_record WHERE organization_id = 2`);
    const cases = [
      body(record_id, { organizationId: 99 }),
      body(record_id, { projectId: 99 }),
      body(record_id, { projectId: 20 }),
      body('no-such-record'),
      body(foreign[0].id),
      body(foreign[0].id, { organizationId: 1, projectId: 20 }),
      body(record_id, { type: 'code-import' }),
    ];
    for (const payload of cases) {
      const res = await hook.post(payload).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await recordOf(record_id)).status).toBe('processing');
    expect((await recordOf(foreign[0].id)).status).toBe('processing');
  });

  it('validates the standard body (422)', async () => {
    const { record_id } = await hook.createRecord('design-import');
    for (const [payload, field] of [
      [body(record_id, { status: 'succeeded' }), 'status'],
      [body(record_id, { projectId: '10' }), 'projectId'],
      [body(record_id, { organizationId: 0 }), 'organizationId'],
      [body(record_id, { error: { message: 5 } }), 'error.message'],
      [body(record_id, { job_id: 'x' }), 'job_id'],
      [{ ...body(record_id), type: undefined }, 'type'],
    ] as const) {
      const res = await hook.post(payload).expect(422);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});
