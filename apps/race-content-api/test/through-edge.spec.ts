import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { PlatformApp } from '@platform/runtime';
import { edgeInFrontOf } from '@platform/testing/deployment';
import { useTestScope } from '@platform/testing/harness';
import { describeOversizeBodies } from '@platform/testing/sweep';
import request from 'supertest';
import { accessToken, as, startRaceContentApp, testConfig } from './test-app';

const run = promisify(execFile);

describe('race-content-api end to end through the local edge', () => {
  const scope = useTestScope('rc_edge');
  let gateway: string;
  let app: PlatformApp;

  beforeAll(async () => {
    app = scope.track('race-content-api', await startRaceContentApp(testConfig(scope)));
    gateway = scope.track('the edge', await edgeInFrontOf(app, 'race-content-api')).url;
  });

  describeOversizeBodies({ app: () => app, name: 'race-content-api', identity: () => as('member'), edgeUrl: () => gateway });

  it('answers the health checks as a user calls them', async () => {
    await request(gateway).get('/v1/ping').expect(200, { message: 'pong' });
    const deep = await request(gateway).get('/v1/ping/deep').set('x-request-id', 'e2e-1').expect(200);
    expect(deep.body).toEqual({ message: 'pong', db: 'ok' });
    expect(deep.headers['x-request-id']).toBe('e2e-1');
  });

  it('answers an unknown race-content path with the service error body, and an unrouted path from the edge', async () => {
    const unknown = await request(gateway).get('/v1/nothing-here').expect(404);
    expect(unknown.body).toEqual({ error: expect.objectContaining({ code: 'NOT_FOUND' }) });
    const unrouted = await request(gateway).get('/v2/ping').expect(404);
    expect(unrouted.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No service serves this path', requestId: expect.any(String) } });
  });

  it('answers a 5 MB body with 413 in the race-content body, ten times out of ten, to fetch and to curl', async () => {
    const body = JSON.stringify({ title: 'x'.repeat(5_000_000) });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken('member')}` };
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${gateway}/v1/articles`, { method: 'POST', headers: { ...headers, 'x-request-id': `five-mb-${i}` }, body });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than this route accepts', requestId: `five-mb-${i}` },
      });
    }
    const curl = `head -c 5000000 /dev/zero | tr '\\0' x | curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' -H 'authorization: Bearer ${accessToken('member')}' --data-binary @- ${gateway}/v1/articles`;
    for (let i = 0; i < 10; i++) expect((await run('bash', ['-c', curl], { encoding: 'utf8' })).stdout).toBe('413');
  }, 60_000);
});
