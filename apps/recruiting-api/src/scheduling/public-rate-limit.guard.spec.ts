import type { ExecutionContext } from '@nestjs/common';
import { freePort } from '@platform/testing/harness';
import { Redis } from 'ioredis';
import { register } from 'prom-client';
import type { SchedulingConfig } from '../config';
import { PublicRateLimitGuard } from './public-rate-limit.guard';

const unchecked = async () =>
  (await register.getSingleMetricAsString('rate_limit_unchecked_total')).match(/^rate_limit_unchecked_total (\d+)$/m)?.[1];

describe('PublicRateLimitGuard when Redis cannot be reached', () => {
  let redis: Redis;

  beforeAll(async () => {
    // A real client with nothing listening on its port: every command fails at once, as when Redis is down.
    redis = new Redis(await freePort(), '127.0.0.1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  });
  afterAll(() => redis.disconnect());

  it('lets the request through uncounted, and counts it in rate_limit_unchecked_total for the Redis alert', async () => {
    const config = { rateLimit: { perAddress: 1, perToken: 1, windowSeconds: 60 } } as SchedulingConfig;
    const guard = new PublicRateLimitGuard(redis, 'test:', config);
    const context = {
      switchToHttp: () => ({ getRequest: () => ({ ip: '203.0.113.9', params: { token: 'x' } }), getResponse: () => ({}) }),
    } as unknown as ExecutionContext;
    await guard.canActivate(context); // registers the counter on its first failure
    const before = Number(await unchecked());
    await expect(guard.canActivate(context)).resolves.toBe(true);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(Number(await unchecked())).toBe(before + 2);
  });
});
