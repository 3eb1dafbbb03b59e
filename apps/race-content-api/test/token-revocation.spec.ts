import { JwtService } from '@nestjs/jwt';
import { RedisUserVersions } from '@platform/persistence';
import type { PlatformApp } from '@platform/runtime';
import { edgeInFrontOf } from '@platform/testing/deployment';
import { freePort, sampleSum, scrapeMetrics, testServices, useTestScope, waitFor } from '@platform/testing/harness';
import { Redis } from 'ioredis';
import request from 'supertest';
import { startRaceContentApp, TEST_JWT_SECRET, testConfig } from './test-app';

const USER = 71;
const token = (role: string, ver: number) =>
  new JwtService().sign({ sub: String(USER), role, type: 'access', ver }, { secret: TEST_JWT_SECRET, algorithm: 'HS256', expiresIn: 600 });
const bearer = (role: string, ver: number) => ({ authorization: `Bearer ${token(role, ver)}` });

/**
 * Revocation at race content: a token carries its user's token version (`ver`), recruiting-api bumps the version in
 * Redis when it changes the user's role or deletes the user, and race content refuses the older tokens within seconds.
 */
describe('race-content-api refuses revoked tokens', () => {
  const scope = useTestScope('rc_revocation');
  let gateway: string;
  let versions: RedisUserVersions;

  beforeAll(async () => {
    const config = testConfig(scope);
    const app = scope.track('race-content-api', await startRaceContentApp(config));
    gateway = scope.track('the edge', await edgeInFrontOf(app, 'race-content-api')).url;
    const redis = new Redis(testServices.redisUrl);
    scope.defer('the Redis client', () => redis.quit());
    versions = new RedisUserVersions(redis, config.tokenVersions.keyPrefix);
  });

  it("answers 401 to a token within seconds of its user's version being bumped; a token of the new version works", async () => {
    const old = bearer('member', await versions.current(USER));
    await request(gateway).get('/v1/ng_words').set(old).expect(200);
    const current = await versions.bump(USER);
    await waitFor(async () => ((await request(gateway).get('/v1/ng_words').set(old)).status === 401 ? true : undefined), {
      timeoutMs: 5000,
      what: 'the revoked token refused',
    });
    const refused = await request(gateway).get('/v1/ng_words').set(old).expect(401);
    expect(refused.body).toEqual({ error: expect.objectContaining({ code: 'UNAUTHENTICATED' }) });
    // The role a fresh token carries is the one that counts: demoted to viewer, the user reads but no longer writes.
    await request(gateway).get('/v1/ng_words').set(bearer('viewer', current)).expect(200);
    await request(gateway).post('/v1/ng_words').set(bearer('viewer', current)).send({ name: '禁止語' }).expect(403);
  });

  describe('while Redis cannot be reached', () => {
    let app: PlatformApp;

    beforeAll(async () => {
      const config = testConfig(scope, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
      app = scope.track('race-content-api without Redis', await startRaceContentApp(config));
    });

    it('takes tokens on their own claims, and counts each failed read', async () => {
      const before = sampleSum(await scrapeMetrics(app), 'auth_token_version_read_failures_total');
      await request(app.getHttpServer()).get('/v1/ng_words').set(bearer('viewer', 5)).expect(200);
      await request(app.getHttpServer()).post('/v1/ng_words').set(bearer('viewer', 5)).send({ name: '語' }).expect(403);
      expect(sampleSum(await scrapeMetrics(app), 'auth_token_version_read_failures_total')).toBeGreaterThan(before);
    });
  });
});
