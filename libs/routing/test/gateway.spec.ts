import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import request from 'supertest';
import { APP_NAMES, type AppName, createGateway, type UpstreamUrls } from '../src';

/** One fake upstream per app, answering with what it received, so routing is visible. */
async function startUpstream(app: AppName): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ app, method: req.method, url: req.url, body, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('local gateway', () => {
  const servers: Server[] = [];
  let upstreams: UpstreamUrls;

  beforeAll(async () => {
    const started = await Promise.all(APP_NAMES.map(async (app) => [app, await startUpstream(app)] as const));
    servers.push(...started.map(([, s]) => s.server));
    upstreams = Object.fromEntries(started.map(([app, s]) => [app, s.url])) as UpstreamUrls;
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

  it.each([
    ['/api/v1/surveys/42/questions?limit=5', 'recruiting-api'],
    ['/api/surveys/42', 'survey-builder-api'],
    ['/v1/ping', 'race-content-api'],
    ['/api/v1/webhooks/ai-status', 'ai-webhook'],
  ])('sends %s to %s unchanged, with X-Forwarded-For', async (path, app) => {
    const res = await request(createGateway(upstreams)).get(path).expect(200);
    expect(res.body).toMatchObject({ app, method: 'GET', url: path });
    expect(res.body.forwardedFor).toBeTruthy();
  });

  it('streams request bodies through', async () => {
    const res = await request(createGateway(upstreams)).post('/api/surveys').send({ title: 't' }).expect(200);
    expect(JSON.parse(res.body.body)).toEqual({ title: 't' });
  });

  it('answers unknown paths 404 itself', async () => {
    const res = await request(createGateway(upstreams)).get('/api/unknown').expect(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No service serves this path' } });
  });

  it('refuses a GET carrying a body itself, in the owning service body, and closes the connection', async () => {
    const gateway = createGateway(upstreams);
    const big = JSON.stringify({ x: 'y'.repeat(500_000) });
    const builder = await request(gateway).get('/api/surveys').set('content-type', 'application/json').send(big).expect(400);
    expect(builder.headers.connection).toBe('close');
    expect(builder.body).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'A GET request takes no body' } });
    const race = await request(gateway).get('/v1/races').set('content-type', 'application/json').send(big).expect(422);
    expect(race.body).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'A GET request takes no body' } });
    const recruiting = await request(gateway).get('/api/v1/projects').set('content-type', 'application/json').send('{}').expect(400);
    expect(recruiting.body).toMatchObject({
      success: false,
      statusCode: 400,
      path: '/api/v1/projects',
      error: { code: 'VALIDATION_FAILED' },
    });
  });

  it('answers oversize headers and request lines with 431 in a JSON body, then closes cleanly', async () => {
    const gateway = createGateway(upstreams);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    const exchange = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    try {
      for (const bytes of [
        `GET /api/surveys HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
        `GET /api/surveys?q=${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      ]) {
        const [head, body] = (await exchange(bytes)).split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 431 /);
        expect(head).toMatch(/connection: close/i);
        expect(JSON.parse(body).error.code).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE');
      }
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it('answers 502 when the app behind a route is down', async () => {
    const res = await request(createGateway({ ...upstreams, 'race-content-api': 'http://127.0.0.1:1' }))
      .get('/v1/ping')
      .expect(502);
    expect(res.body.error.code).toBe('BAD_GATEWAY');
  });
});
