import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { JwtService } from '@nestjs/jwt';
import { edgeInFrontOf, type TestEdge } from '@platform/testing/deployment';
import { costOfRequest, curlRequest, type RequestCost } from '@platform/testing/harness';
import { type Builder, IMPORT_KEY, startBuilder } from './builder-kit';

const SECRET = randomBytes(32).toString('base64url');
const token = new JwtService().sign(
  { sub: '5', role: 'member', type: 'access', email: 'designer@example.com', email_verified: true, name: 'Designer' },
  { secret: SECRET, algorithm: 'HS256', expiresIn: 600 },
);

/** 19 MiB of zeros in a bundle's surveys array: as sent, and gzipped (about 19 KB). */
const WIDE_BUNDLE = Buffer.from(`{"origin":"x","surveys":[${'0,'.repeat((19 * 1024 * 1024) / 2)}0]}`);
const BUNDLE_BOMB = gzipSync(WIDE_BUNDLE, { level: 9 });

/**
 * Requests from someone who wants to hurt the builder, through the edge: each is answered at once, costs the builder
 * almost nothing, and does not hold up anyone else. CPU and memory are the builder's (it runs in this process; curl
 * sends the bodies from a process of its own); wall times are reported, and bounded only loosely, since a loaded machine stretches them.
 */
describe('survey-builder-api under abuse, through the edge', () => {
  let builder: Builder;
  let edge: TestEdge;

  beforeAll(async () => {
    builder = await startBuilder({ JWT_SECRET: SECRET });
    edge = builder.scope.track('the edge', await edgeInFrontOf(builder.app, 'survey-builder-api'));
  });
  afterAll(() => builder?.close());

  const probe = () => fetch(`${edge.url}/api/surveys`, { headers: { authorization: `Bearer ${token}` } }).then((res) => res.arrayBuffer());
  const post = (headers: Record<string, string>, body: Buffer) => () =>
    curlRequest(`${edge.url}/api/imports/survey-platform/bundle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const expectCheap = (what: string, cost: RequestCost) => {
    process.stderr.write(`${what}: ${JSON.stringify(cost)}\n`);
    expect(cost.cpuMs).toBeLessThan(250);
    expect(cost.peakGrowthMb).toBeLessThan(50);
    expect(cost.ms).toBeLessThan(1000);
    expect(cost.slowestProbeMs).toBeLessThan(1000);
  };

  it('refuses a compressed bundle with a wrong import key (19 KB inflating to 19 MiB) at once, without inflating it', async () => {
    const cost = await costOfRequest(post({ 'content-encoding': 'gzip', 'x-api-key': 'x' }, BUNDLE_BOMB), probe);
    expect(cost.status).toBe(401);
    expectCheap('gzip bundle, wrong key', cost);
  });

  it('refuses a compressed bundle with the right key too (415): no body is inflated, whoever sends it', async () => {
    const cost = await costOfRequest(post({ 'content-encoding': 'gzip', 'x-api-key': IMPORT_KEY }, BUNDLE_BOMB), probe);
    expect(cost.status).toBe(415);
    expectCheap('gzip bundle, right key', cost);
  });

  it('refuses 19 MiB sent as it is with a wrong import key at the edge, before the builder reads a byte of it', async () => {
    const cost = await costOfRequest(post({ 'x-api-key': 'wrong-key-0123456789abcdef' }, WIDE_BUNDLE), probe);
    expect(cost.status).toBe(401);
    expectCheap('19 MiB bundle, wrong key', cost);
  });

  it('takes large bodies only where bundles arrive: 2 MiB to any other route is 413', async () => {
    const body = Buffer.from(`{"title":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    const res = await fetch(`${edge.url}/api/surveys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
