import { edgeInFrontOf } from '@platform/testing/deployment';
import { describeOversizeBodies } from '@platform/testing/sweep';
import request from 'supertest';
import { API_KEY, type CreatedJob, keyOf, manifestFor, startWebhook, urlOf, type Webhook } from './webhook-kit';

describe('ai-webhook end to end through the local edge', () => {
  let hook: Webhook;
  let gateway: string;
  beforeAll(async () => {
    hook = await startWebhook();
    gateway = hook.scope.track('the edge', await edgeInFrontOf(hook.app, 'ai-webhook')).url;
  });
  afterAll(async () => {
    await hook.redis.del('event_run:4:40:run-e2e');
    await hook?.close();
  });

  describeOversizeBodies({ app: () => hook.app, name: 'ai-webhook', identity: () => ({ 'x-api-key': API_KEY }), edgeUrl: () => gateway });

  it('a wf2des run as a worker reports it, then the onboarding status a user polls', async () => {
    const job = (await hook.ops.create('wf2des', 4, 40)) as CreatedJob;
    const send = (status: string, extra: object = {}) =>
      request(gateway)
        .post('/api/v1/webhooks/ai-status')
        .set('x-api-key', API_KEY)
        .send({ type: 'wf2des', job_id: job.job_id, attempt: 1, nonce: job.nonce, status, ...extra })
        .expect(200);
    await send('parse_started');
    await send('assemble_started');
    await hook.putManifest(keyOf(job), manifestFor(job, { status: 'completed', result_url: 's3://r/d.json', flag_count: 1 }));
    const done = await send('succeeded', { result_manifest_url: urlOf(job) });
    expect(done.body).toEqual({ message: 'Status applied', type: 'wf2des', recordId: job.job_id, status: 'success' });

    await hook.ops.grant(4, 40, 'viewer');
    const document = {
      event_run_id: 'run-e2e',
      event_type: 'component_capture',
      state: 'done',
      stage: null,
      progress: null,
      result: { captured: 5 },
      error: null,
    };
    await hook.redis.set('event_run:4:40:run-e2e', JSON.stringify(document), 'EX', 60);
    const token = await hook.idp.token('viewer');
    const res = await request(gateway)
      .get('/api/v1/organizations/4/projects/40/wf2des/events/run-e2e/status')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body).toEqual(document);
  });
});
