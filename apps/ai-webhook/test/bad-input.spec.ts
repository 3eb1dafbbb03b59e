import { describeBadInputSweep } from '@platform/testing/sweep';
import { API_KEY, type CreatedJob, startWebhook, type Webhook } from './webhook-kit';

describe('ai-webhook under malformed input', () => {
  let hook: Webhook;
  let token = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    hook = await startWebhook();
    await hook.ops.grant(1, 10, 'sweep-user');
    await hook.ops.create('design-import', 1, 10);
    (await hook.createJob('wf2des')) as CreatedJob;
    await hook.redis.set(
      'event_run:1:10:sweep-run',
      JSON.stringify({
        event_run_id: 'sweep-run',
        event_type: 'resync',
        state: 'processing',
        stage: null,
        progress: null,
        result: null,
        error: null,
      }),
      'EX',
      300,
    );
    token = await hook.idp.token('sweep-user');
    ids.organization_id = '1';
    ids.project_id = '10';
    ids.event_run_id = 'sweep-run';
  });
  afterAll(async () => {
    await hook?.redis.del('event_run:1:10:sweep-run');
    await hook?.close();
  });

  describeBadInputSweep({
    app: () => hook.app,
    identity: () => ({ authorization: `Bearer ${token}`, 'x-api-key': API_KEY }),
    badIdentities: [
      { authorization: 'Bearer not-a-token' },
      { 'x-api-key': 'wrong-key-0123456789' },
      { authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': '' },
      { 'x-api-key': 'x'.repeat(400) },
    ],
    pathValues: () => ids,
    budget: 300,
  });
});
