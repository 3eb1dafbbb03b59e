import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { fingerprint } from '@platform/runtime';
import { startEdge, type TestEdge } from '@platform/testing/deployment';
import { APPS, type AppName, resolveRoute, ROUTES } from '../src';

const run = promisify(execFile);
const CONSOLE = 'https://console.example.com';

interface Seen {
  app: string;
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
}

/**
 * A stand-in for one app: answers with what it received. The builder's stand-in also answers the identity check the
 * edge asks: 200 with the identity headers for `Bearer good-token`, the import identity for a key-only import, 401 in
 * the builder's body otherwise (the real check is tested against the builder itself).
 */
/** How many identity checks the builder's stand-in has answered. */
let identityChecks = 0;

async function startUpstream(app: string): Promise<{ server: Server; address: string }> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/internal/edge-identity/')) {
      identityChecks += 1;
      const path = req.url.slice('/internal/edge-identity'.length).split('?')[0];
      if (req.headers.authorization === 'Bearer good-token') {
        res.writeHead(200, { 'x-user-email': 'tanaka@example.com', 'x-user-name': encodeURIComponent('田中 太郎') });
        return res.end('{"ok":true}');
      }
      if (!req.headers.authorization && req.headers['x-api-key'] && path.startsWith('/api/imports/')) {
        res.writeHead(200, { 'x-user-email': 'import-bot@survey-builder.internal', 'x-user-name': 'Import Bot' });
        return res.end('{"ok":true}');
      }
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      return res.end(JSON.stringify({ ok: false, error: { code: 'UNAUTHENTICATED', message: 'A bearer token is required' } }));
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ app, method: req.method ?? '', url: req.url ?? '', body, headers: req.headers } satisfies Seen));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const API_APPS = (Object.keys(APPS) as AppName[]).filter((app) => APPS[app].http === 'api');

describe('the local edge (Caddy, configured from the route table)', () => {
  const servers: Server[] = [];
  let edge: TestEdge;

  beforeAll(async () => {
    const started = await Promise.all(API_APPS.map(async (app) => [app, await startUpstream(app)] as const));
    servers.push(...started.map(([, s]) => s.server));
    edge = await startEdge({
      upstreams: Object.fromEntries(started.map(([app, s]) => [app, [s.address]])),
      corsOrigins: [CONSOLE, 'http://localhost:5173'],
      https: true,
    });
  });
  afterAll(async () => {
    await edge?.close();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('sends every prefix of the route table to its app, longest prefix first, path and query unchanged', async () => {
    const samples = [
      ...ROUTES.flatMap((r) => [r.prefix, `${r.prefix}/x/y?limit=5&q=%E3%81%82`]),
      '/api/v1/surveys/42/questions',
      '/api/surveys/42',
      '/v1/ping',
    ];
    for (const path of samples) {
      const res = await fetch(`${edge.url}${path}`, { headers: { authorization: 'Bearer good-token' } });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(await seen(res)).toMatchObject({ app: resolveRoute(path)!.app, url: path });
    }
    // The apps' own operations paths are never routed: /metrics is scraped on each app's port, not through the edge.
    for (const path of ['/v10/ping', '/api/surveysx', '/schedules/x', '/api/v2/projects', '/', '/metrics', '/health/ready']) {
      const res = await fetch(`${edge.url}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(await res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No service serves this path', requestId: expect.any(String) },
      });
    }
  });

  it('writes the client address into X-Forwarded-For itself, replacing what the client sent', async () => {
    const res = await fetch(`${edge.url}/v1/ping`, {
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7', 'x-real-ip': '1.2.3.4', forwarded: 'for=1.2.3.4' },
    });
    const { headers } = await seen(res);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
  });

  it('passes a well-formed request id on and answers it; makes one when there is none or it is malformed', async () => {
    const kept = await fetch(`${edge.url}/v1/ping`, { headers: { 'x-request-id': 'console-123:abc' } });
    expect(kept.headers.get('x-request-id')).toBe('console-123:abc');
    expect((await seen(kept)).headers['x-request-id']).toBe('console-123:abc');
    for (const headers of [{}, { 'x-request-id': 'has spaces and <html>' }, { 'x-request-id': 'x'.repeat(200) }]) {
      const made = await fetch(`${edge.url}/v1/ping`, { headers });
      const id = made.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await seen(made)).headers['x-request-id']).toBe(id);
    }
  });

  describe('identity at the door of the survey builder', () => {
    it('refuses forged x-user-* without a token with the check’s 401, before the builder sees it', async () => {
      const res = await fetch(`${edge.url}/api/surveys`, { headers: { 'x-user-email': 'admin@example.com', 'x-user-name': 'anyone' } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ok: false, error: { code: 'UNAUTHENTICATED', message: 'A bearer token is required' } });
    });

    it('with a token, acts as the user the token names whatever x-user-* the client sent', async () => {
      const res = await fetch(`${edge.url}/api/surveys`, {
        headers: { authorization: 'Bearer good-token', 'x-user-email': 'admin@example.com', 'x-user-name': 'anyone' },
      });
      const { headers } = await seen(res);
      expect(headers['x-user-email']).toBe('tanaka@example.com');
      expect(decodeURIComponent(String(headers['x-user-name']))).toBe('田中 太郎');
    });

    it('lets a key-only import through as the import identity, and checks no other service', async () => {
      const res = await fetch(`${edge.url}/api/imports/survey-platform/bundle`, {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'x-user-email': 'admin@example.com', 'content-type': 'application/json' },
        body: '{}',
      });
      expect((await seen(res)).headers['x-user-email']).toBe('import-bot@survey-builder.internal');
      // Other services keep their own checks: the edge sets no identity there and strips what the client sent.
      const race = await seen(await fetch(`${edge.url}/v1/races`, { headers: { 'x-user-email': 'admin@example.com' } }));
      expect(race.headers['x-user-email']).toBeUndefined();
    });
  });

  describe('body limits', () => {
    const json = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes) });
    const bodies: Array<[string, string, number, (body: unknown) => void]> = [
      [
        '/api/v1/projects/1/candidates/2',
        'PATCH',
        5_000_000,
        (b) =>
          expect(b).toMatchObject({
            success: false,
            statusCode: 413,
            path: '/api/v1/projects/1/candidates/2',
            method: 'PATCH',
            timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          }),
      ],
      ['/api/surveys', 'POST', 25_000_000, (b) => expect(b).toMatchObject({ ok: false })],
      ['/v1/articles', 'POST', 5_000_000, (b) => expect(Object.keys(b as object)).toEqual(['error'])],
      ['/api/v1/webhooks/ai-status', 'POST', 5_000_000, (b) => expect(Object.keys(b as object)).toEqual(['error'])],
    ];

    it.each(bodies)(
      'answers an oversized body to %s with 413 in the service body, ten times out of ten',
      async (path, method, bytes, shape) => {
        const body = json(bytes);
        for (let i = 0; i < 10; i++) {
          const res = await fetch(`${edge.url}${path}`, {
            method,
            headers: { 'content-type': 'application/json', authorization: 'Bearer good-token', 'x-request-id': `big-${i}` },
            body,
          });
          expect(res.status).toBe(413);
          const answer = (await res.json()) as { error: { code: string; requestId: string } };
          expect(answer.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', requestId: `big-${i}` });
          shape(answer);
        }
      },
    );

    it('writes no request text into its own error bodies that could break the JSON or run as a template', async () => {
      for (const path of [
        '/api/v1/projects/%7B%7Benv%20%22HOME%22%7D%7D',
        '/api/v1/projects/%22%5C%0A',
        '/api/v1/projects/{{env "HOME"}}',
      ]) {
        const res = await fetch(`${edge.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: json(2_000_000),
        });
        expect(res.status).toBe(413);
        const text = await res.text();
        const body = JSON.parse(text) as { path: string };
        // Caddy runs with HOME in its own temporary folder: a template action executed would print it.
        expect(text).not.toMatch(/edge-[A-Za-z0-9]{6}/);
        expect(body.path).toMatch(/^\/[A-Za-z0-9/._~%!$&'()*+,;=:@-]*$/);
      }
      // A candidate's scheduling token is a credential: the edge's bodies show [token] in its place, as its access log does.
      for (const token of ['h4SmSd-opLTKcwSTt96ppnyrJlLjq9ZbUKEqDqzYzoQ', '%7B%7Benv%20%22HOME%22%7D%7D']) {
        for (const path of [`/api/v1/scheduling/${token}/submit-availability`, `/schedule/${token}`]) {
          const res = await fetch(`${edge.url}${path}?from=2026-01-01`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: json(2_000_000),
          });
          expect(res.status).toBe(413);
          const text = await res.text();
          expect(text).not.toContain(token);
          expect((JSON.parse(text) as { path: string }).path).toBe(path.replace(token, '[token]'));
        }
      }
    });

    it('answers 413 to curl too, which waits for 100-continue above 1 MiB', async () => {
      const curl = `head -c 5000000 /dev/zero | tr '\\0' x | curl -s -w '\\n%{http_code}' -X POST -H 'content-type: application/json' --data-binary @- ${edge.url}/v1/articles`;
      for (let i = 0; i < 3; i++) {
        const [body, status] = (await run('bash', ['-c', curl], { encoding: 'utf8' })).stdout.split('\n');
        expect(status).toBe('413');
        expect(JSON.parse(body).error.code).toBe('PAYLOAD_TOO_LARGE');
      }
    });

    it('refuses a declared oversized body to the builder before asking the identity check, so curl never sends it', async () => {
      // A client that waits for 100-continue (curl, above 1 MiB) sends its body after a second without an answer; an
      // edge that asked the identity check first could answer later than that, read none of it and reset the upload.
      const before = identityChecks;
      const curl = `head -c 21000000 /dev/zero | curl -sS -o /dev/null -w '%{http_code} %{time_total}' -H 'authorization: Bearer good-token' -H 'content-type: application/json' --data-binary @- ${edge.url}/api/imports/survey-platform/bundle`;
      for (let i = 0; i < 3; i++) {
        const [status, seconds] = (await run('bash', ['-c', curl], { encoding: 'utf8' })).stdout.split(' ');
        expect(status).toBe('413');
        expect(Number(seconds)).toBeLessThan(0.9);
      }
      expect(identityChecks).toBe(before);
    });

    it('lets an upload route take what its app takes (a 5 MB TSV to the import upload)', async () => {
      const res = await fetch(`${edge.url}/api/v1/projects/1/candidates/import/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(5_000_000, 7),
      });
      expect(res.status).toBe(200);
      expect((await seen(res)).body.length).toBe(5_000_000);
    });

    it('refuses a GET or HEAD with a body itself, in the service body', async () => {
      const get = (path: string) =>
        run(
          'curl',
          ['-s', '-w', '\\n%{http_code}', '-X', 'GET', '-H', 'content-type: application/json', '-d', '{"a":1}', `${edge.url}${path}`],
          {
            encoding: 'utf8',
          },
        ).then(({ stdout }) => stdout.split('\n'));
      const [race, raceStatus] = await get('/v1/races');
      expect(raceStatus).toBe('422');
      expect(JSON.parse(race)).toEqual({
        error: { code: 'VALIDATION_FAILED', message: 'A GET or HEAD request takes no body', requestId: expect.any(String) },
      });
      const [builder, builderStatus] = await get('/api/surveys');
      expect(builderStatus).toBe('400');
      expect(JSON.parse(builder)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    });
  });

  describe('CORS for the admin console', () => {
    const preflight = (origin: string) =>
      fetch(`${edge.url}/api/v1/projects`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });

    it('answers a preflight from a listed origin with 204 and the allowed methods and headers, no credentials', async () => {
      const res = await preflight(CONSOLE);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(CONSOLE);
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
      expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-request-id');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/Origin/);
    });

    it('gives an unlisted origin no Access-Control-Allow-Origin, on preflights and answers', async () => {
      for (const origin of ['https://evil.example.com', `${CONSOLE}.evil.io`, 'null']) {
        expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBeNull();
        const res = await fetch(`${edge.url}/v1/ping`, { headers: { origin } });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
    });

    it('exposes the request id, Retry-After, Location, Deprecation and Sunset to a listed origin, on answers and on the edge’s errors', async () => {
      for (const path of ['/v1/ping', '/nowhere']) {
        const res = await fetch(`${edge.url}${path}`, { headers: { origin: CONSOLE } });
        expect(res.headers.get('access-control-allow-origin')).toBe(CONSOLE);
        expect(res.headers.get('access-control-expose-headers')).toBe('X-Request-Id, Retry-After, Location, Deprecation, Sunset');
      }
    });
  });

  it('answers 502 in the service body, with the request id, when the app behind a route is down', async () => {
    const down = await startEdge({ upstreams: { 'race-content-api': ['127.0.0.1:1'], 'recruiting-api': ['127.0.0.1:1'] } });
    try {
      const race = await fetch(`${down.url}/v1/ping`, { headers: { 'x-request-id': 'down-1' } });
      expect(race.status).toBe(502);
      expect(await race.json()).toEqual({ error: { code: 'BAD_GATEWAY', message: 'The service is not answering', requestId: 'down-1' } });
      const recruiting = await fetch(`${down.url}/api/v1/users`);
      expect(await recruiting.json()).toMatchObject({ success: false, statusCode: 502, error: { code: 'BAD_GATEWAY' } });
    } finally {
      await down.close();
    }
  });

  it('speaks HTTPS with its local authority, with HSTS there and not on plain HTTP', async () => {
    const ca = readFileSync(edge.rootCertificate!);
    const answer = await new Promise<{ status: number; hsts: string | undefined; body: string }>((resolve, reject) => {
      httpsRequest(`${edge.httpsUrl}/v1/ping`, { ca }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, hsts: res.headers['strict-transport-security'] as string | undefined, body }),
        );
      })
        .on('error', reject)
        .end();
    });
    expect(answer.status).toBe(200);
    expect(answer.hsts).toBe('max-age=31536000; includeSubDomains');
    expect(JSON.parse(answer.body).headers['x-forwarded-proto']).toBe('https');
    expect((await fetch(`${edge.url}/v1/ping`)).headers.get('strict-transport-security')).toBeNull();
    const { stdout } = await run('curl', ['-s', '--cacert', edge.rootCertificate!, `${edge.httpsUrl}/v1/ping`], { encoding: 'utf8' });
    expect(JSON.parse(stdout).app).toBe('race-content-api');
  });

  it('logs one JSON line per request, scheduling tokens and login codes as fingerprints, no credentials', async () => {
    const token = 'mJ3Yk8Qz_1vXl2Rb0wT9cP4hN6sA5dF7gK8jL0qW2eE';
    const secrets = [token, 'code-abc-123', 'state-xyz-789', 'key-should-not-show', 'Bearer good-token'];
    await fetch(`${edge.url}/api/v1/scheduling/${token}/slots`, {
      headers: { 'x-request-id': 'log-1', referer: `https://x/schedule/${token}` },
    });
    await fetch(`${edge.url}/schedule/${token}`, { headers: { 'x-request-id': 'log-2' } });
    await fetch(`${edge.url}/api/v1/auth/idp/callback?code=code-abc-123&state=state-xyz-789`, { headers: { 'x-request-id': 'log-3' } });
    await fetch(`${edge.url}/api/imports/x`, {
      method: 'POST',
      headers: { 'x-request-id': 'log-4', 'x-api-key': 'key-should-not-show', authorization: 'Bearer good-token' },
    });
    const ours = (all: Array<Record<string, unknown>>) => all.filter((line) => String(line.request_id).startsWith('log-'));
    const lines = ours(await edge.accessLogWhen((all) => ours(all).length === 4));
    expect(lines.map((line) => line.request_id)).toEqual(['log-1', 'log-2', 'log-3', 'log-4']);
    const uri = (line: Record<string, unknown>) => (line.request as { uri: string }).uri;
    expect(uri(lines[0])).toBe('/api/v1/scheduling/[token]/slots');
    expect(uri(lines[1])).toBe('/schedule/[token]');
    expect(lines[0].token_fp).toBe(fingerprint(token));
    expect(lines[1].token_fp).toBe(fingerprint(token));
    expect(uri(lines[2])).toBe('/api/v1/auth/idp/callback?code=[redacted]&state=[redacted]');
    expect(lines[2].code_fp).toBe(fingerprint('code-abc-123'));
    const text = JSON.stringify(edge.accessLog()) + edge.output();
    for (const secret of secrets) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  });
});

describe('the local edge in front of two replicas of an app', () => {
  it('spreads requests over both and routes around one that is killed, with no error for the client', async () => {
    const a = await startUpstream('race-a');
    const b = await startUpstream('race-b');
    const edge = await startEdge({ upstreams: { 'race-content-api': [a.address, b.address] } });
    try {
      const served = async (n: number, method = 'GET') => {
        const apps: string[] = [];
        for (let i = 0; i < n; i++) {
          const res = await fetch(`${edge.url}/v1/blogs`, {
            method,
            ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
          });
          expect(res.status).toBe(200);
          apps.push((await seen(res)).app);
        }
        return apps;
      };
      expect(new Set(await served(6))).toEqual(new Set(['race-a', 'race-b']));
      await new Promise((resolve) => b.server.close(resolve));
      b.server.closeAllConnections();
      expect(new Set([...(await served(10)), ...(await served(10, 'POST'))])).toEqual(new Set(['race-a']));
    } finally {
      await edge.close();
      await new Promise((resolve) => a.server.close(resolve));
    }
  });
});

async function seen(res: Response): Promise<Seen> {
  return (await res.json()) as Seen;
}
