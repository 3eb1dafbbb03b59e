import { gzipSync } from 'node:zlib';
import { edgeInFrontOf, type TestEdge } from '@platform/testing/deployment';
import { costOfRequest, curlRequest, type RequestCost } from '@platform/testing/harness';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

/** An array of 0.95 MiB of zeros: as sent, and gzipped (about 1 KB). */
const WIDE_ARRAY = Buffer.from(`[${'0,'.repeat(Math.floor((0.95 * 1024 * 1024) / 2))}0]`);
const ARRAY_BOMB = gzipSync(WIDE_ARRAY, { level: 9 });

/**
 * Requests from someone who wants to hurt recruiting-api, through the edge: each is answered at once, costs the app
 * almost nothing, and does not hold up anyone else. CPU and memory are the app's (it runs in this process; curl sends
 * the bodies from a process of its own); wall times are reported, and bounded only loosely, since a loaded machine stretches them.
 */
describe('recruiting-api under abuse, through the edge', () => {
  let recruiting: RecruitingTestApp;
  let edge: TestEdge;
  let member: { authorization: string };

  beforeAll(async () => {
    recruiting = await startRecruiting('abuse');
    edge = recruiting.scope.track('the edge', await edgeInFrontOf(recruiting.app, 'recruiting-api'));
    member = recruiting.as(await recruiting.insertUser('member@example.com', 'Member', 'member'), 'member');
  });
  afterAll(() => recruiting?.close());

  const probe = () => fetch(`${edge.url}/api/v1/auth/me`, { headers: member }).then((res) => res.arrayBuffer());
  const post = (path: string, headers: Record<string, string>, body: Buffer) => () =>
    curlRequest(`${edge.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const expectCheap = (what: string, cost: RequestCost) => {
    process.stderr.write(`${what}: ${JSON.stringify(cost)}\n`);
    expect(cost.cpuMs).toBeLessThan(250);
    expect(cost.peakGrowthMb).toBeLessThan(50);
    expect(cost.ms).toBeLessThan(1000);
    expect(cost.slowestProbeMs).toBeLessThan(1000);
  };

  it('refuses a compressed refresh body (1 KB inflating to an array of 0.95 MiB) at once, without inflating it', async () => {
    const cost = await costOfRequest(post('/api/v1/auth/refresh', { 'content-encoding': 'gzip' }, ARRAY_BOMB), probe);
    expect(cost.status).toBe(415);
    expectCheap('gzip refresh', cost);
  });

  it('refuses the same array sent as it is: a refresh body is a few hundred bytes, and the route takes 16 KiB', async () => {
    const cost = await costOfRequest(post('/api/v1/auth/refresh', {}, WIDE_ARRAY), probe);
    expect(cost.status).toBe(413);
    expectCheap('0.95 MiB refresh', cost);
  });

  it('refuses it without a token on a route that needs one before reading it, compressed or not', async () => {
    for (const [headers, body] of [
      [{}, WIDE_ARRAY],
      [{ authorization: 'Bearer forged.token.here' }, WIDE_ARRAY],
    ] as const) {
      const cost = await costOfRequest(post('/api/v1/projects/1/email-templates', headers, body), probe);
      expect(cost.status).toBe(401);
      expectCheap(`0.95 MiB template, ${JSON.stringify(headers)}`, cost);
    }
  });
});
