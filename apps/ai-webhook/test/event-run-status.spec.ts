import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWebhook, type Webhook } from './webhook-kit';

const DOCUMENT = {
  event_run_id: 'run-1',
  event_type: 'rule_upload',
  state: 'processing',
  stage: 'ingest_boards',
  progress: { done: 3, total: 8 },
  result: null,
  error: null,
};

const pathOf = (org: number, project: number, run: string) =>
  `/api/v1/organizations/${org}/projects/${project}/wf2des/events/${run}/status`;

describe('event-run status read, membership table behind the data service port', () => {
  let hook: Webhook;
  const keys: string[] = [];
  const put = async (key: string, value: string) => {
    keys.push(key);
    await hook.redis.set(key, value, 'EX', 60);
  };

  beforeAll(async () => {
    hook = await startWebhook();
    await hook.ops.grant(1, 10, 'member-1');
    await hook.ops.grant(2, 20, 'member-2');
    await put('event_run:1:10:run-1', JSON.stringify(DOCUMENT));
    await put(
      'event_run:1:10:run-done',
      JSON.stringify({
        ...DOCUMENT,
        event_run_id: 'run-done',
        state: 'done',
        stage: null,
        progress: null,
        result: { rule_version: 4, board_count: 8 },
      }),
    );
    await put('event_run:1:10:run-bad', 'not json');
  });
  afterAll(async () => {
    if (keys.length) await hook.redis.del(...keys);
    await hook?.close();
  });

  const read = async (path: string, subject = 'member-1') =>
    hook
      .http()
      .get(path)
      .set('authorization', `Bearer ${await hook.idp.token(subject)}`);

  it('returns the worker’s document unchanged, in snake_case', async () => {
    expect((await read(pathOf(1, 10, 'run-1'))).body).toEqual(DOCUMENT);
    const done = await read(pathOf(1, 10, 'run-done'));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'done', progress: null, result: { rule_version: 4, board_count: 8 } });
  });

  it('404 for an unknown or expired run', async () => {
    const res = await read(pathOf(1, 10, 'run-unknown'));
    expect(res.status).toBe(404);
    await put('event_run:1:10:run-short', JSON.stringify(DOCUMENT));
    await hook.redis.pexpire('event_run:1:10:run-short', 1);
    await waitUntilGone(hook, 'event_run:1:10:run-short');
    expect((await read(pathOf(1, 10, 'run-short'))).status).toBe(404);
  });

  it('403 without access to the project (another project, another organization, unknown project)', async () => {
    for (const path of [pathOf(2, 20, 'run-1'), pathOf(2, 10, 'run-1'), pathOf(1, 99, 'run-1')]) {
      const res = await read(path);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect((await read(pathOf(1, 10, 'run-1'), 'member-2')).status).toBe(403);
  });

  it('401 for missing or invalid credentials: no token, garbage, wrong issuer, wrong audience, expired, foreign key', async () => {
    const path = pathOf(1, 10, 'run-1');
    await hook.http().get(path).expect(401);
    await hook.http().get(path).set('authorization', 'Bearer not-a-token').expect(401);
    await hook.http().get(path).set('x-api-key', 'test-webhook-key-0123456789abcdef').expect(401);
    for (const overrides of [
      { issuer: 'http://evil.example/idp' },
      { audience: 'other-app' },
      { expiresIn: Math.floor(Date.now() / 1000) - 60 },
      { foreignKey: true },
    ]) {
      const token = await hook.idp.token('member-1', overrides);
      const res = await hook.http().get(path).set('authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('422 for malformed path values', async () => {
    expect((await read(pathOf(0, 10, 'run-1'))).status).toBe(422);
    expect((await read('/api/v1/organizations/x/projects/10/wf2des/events/run-1/status')).status).toBe(422);
    expect((await read(pathOf(1, 10, 'run%20one'))).status).toBe(422);
  });

  it('500 without detail when the stored document is not JSON', async () => {
    const res = await read(pathOf(1, 10, 'run-bad'));
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'UPSTREAM_FAILURE', message: 'Internal server error' });
  });
});

async function waitUntilGone(hook: Webhook, key: string) {
  const deadline = Date.now() + 5000;
  while ((await hook.redis.exists(key)) && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
}

describe('event-run status read through the data service over HTTP, and upstream failures', () => {
  let hook: Webhook;
  let dataService: Server;
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  let answer = 200;
  const TOKEN = 'service-token-0123456789abcdef';

  beforeAll(async () => {
    dataService = createServer((req, res) => {
      seen.push({ url: req.url!, headers: req.headers });
      const member = req.url === '/internal/v1/organizations/1/projects/10/members/user%2F1';
      res.writeHead(answer !== 200 ? answer : member ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => dataService.listen(0, '127.0.0.1', resolve));
    hook = await startWebhook({
      PROJECT_ACCESS: 'data-service',
      DATA_SERVICE_URL: `http://127.0.0.1:${(dataService.address() as AddressInfo).port}/`,
      DATA_SERVICE_TOKEN: TOKEN,
      DATA_SERVICE_TIMEOUT_MS: '500',
    });
    await hook.redis.set('event_run:1:10:http-run', JSON.stringify({ ...DOCUMENT, event_run_id: 'http-run' }), 'EX', 60);
  });
  afterAll(async () => {
    await hook.redis.del('event_run:1:10:http-run');
    await hook?.close();
    await new Promise<void>((resolve) => {
      dataService.close(() => resolve());
      dataService.closeAllConnections();
    });
  });

  const read = async (subject: string) =>
    hook
      .http()
      .get(pathOf(1, 10, 'http-run'))
      .set('authorization', `Bearer ${await hook.idp.token(subject)}`);

  it('asks the data service with the service-token header: 200 grants, 404 refuses', async () => {
    answer = 200;
    expect((await read('user/1')).status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ url: '/internal/v1/organizations/1/projects/10/members/user%2F1' });
    expect(seen.at(-1)!.headers['x-service-token']).toBe(TOKEN);
    expect((await read('user/2')).status).toBe(403);
  });

  it('500 without detail when the data service fails', async () => {
    answer = 503;
    const res = await read('user/1');
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'UPSTREAM_FAILURE', message: 'Internal server error' });
    answer = 200;
  });

  it('500 without detail when Redis is down', async () => {
    const down = await startWebhook({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      await down.ops.grant(1, 10, 'member-1');
      const res = await down
        .http()
        .get(pathOf(1, 10, 'run-1'))
        .set('authorization', `Bearer ${await down.idp.token('member-1')}`);
      expect(res.status).toBe(500);
      expect(res.body.error).toEqual({ code: 'UPSTREAM_FAILURE', message: 'Internal server error', requestId: expect.any(String) });
    } finally {
      await down.close();
    }
  });

  it('500 when the identity provider’s key set cannot be read', async () => {
    const token = await hook.idp.token('user/1');
    const fresh = await startWebhook({
      PROJECT_ACCESS: 'data-service',
      DATA_SERVICE_URL: `http://127.0.0.1:${(dataService.address() as AddressInfo).port}`,
      DATA_SERVICE_TOKEN: TOKEN,
    });
    try {
      fresh.idp.setFailing(true);
      const res = await fresh
        .http()
        .get(pathOf(1, 10, 'http-run'))
        .set('authorization', `Bearer ${await fresh.idp.token('user/1')}`);
      expect(res.status).toBe(500);
      expect(token).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});
