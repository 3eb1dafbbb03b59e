import { randomUUID } from 'node:crypto';
import { startWebhook, type Webhook } from '../../../apps/ai-webhook/test/webhook-kit';
import { createAiWebhookClient, isAiWebhookError } from '../src';
import { listen } from './support';

/** ai-webhook on a real port: the event-run status read through @platform/client, with an identity provider token. */
describe('@platform/client against the ai-webhook status read', () => {
  let hook: Webhook;
  let baseUrl: string;
  const run = `client-run-${randomUUID()}`;
  const key = `event_run:1:10:${run}`;
  const document = {
    event_run_id: run,
    event_type: 'rule_upload',
    state: 'processing',
    stage: 'ingest_boards',
    progress: { done: 3, total: 8 },
    result: null,
    error: null,
  };

  beforeAll(async () => {
    hook = await startWebhook();
    baseUrl = await listen(hook.app);
    await hook.ops.grant(1, 10, 'member-1');
    await hook.redis.set(key, JSON.stringify(document), 'EX', 60);
  });
  afterAll(async () => {
    await hook?.redis.del(key);
    await hook?.close();
  });

  const path = '/api/v1/organizations/{organization_id}/projects/{project_id}/wf2des/events/{event_run_id}/status' as const;

  it("reads an event run's status", async () => {
    const client = createAiWebhookClient({ baseUrl, token: () => hook.idp.token('member-1') });
    const { data } = await client.GET(path, { params: { path: { organization_id: 1, project_id: 10, event_run_id: run } } });
    expect(data).toEqual(document);
  });

  it("throws the webhook's errors typed by its codes", async () => {
    const client = createAiWebhookClient({ baseUrl, token: () => hook.idp.token('member-1') });
    const error = await client
      .GET(path, { params: { path: { organization_id: 1, project_id: 10, event_run_id: 'client-missing-run' } } })
      .catch((e: unknown) => e);
    expect(isAiWebhookError(error, 'NOT_FOUND')).toBe(true);
    expect(error).toMatchObject({ status: 404, requestId: expect.any(String) });
  });
});
