import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { testServices, workspaceRoot } from '../src/harness';

/** scripts/test-leaks.ts for a run of the test's own (its exit code and what it printed). */
function leakCheck(runId: string, env: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', join(workspaceRoot, 'scripts/test-leaks.ts')],
      { cwd: workspaceRoot, env: { ...process.env, TEST_RUN_ID: runId, ...env }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

/** A run id no other run has: the leak check only ever looks at (and removes) what carries it. */
const ownRun = () => `leaks${randomBytes(4).toString('hex')}`;

/**
 * The leak check after a run (scripts/test.sh, scripts/jest.sh): each store looked into, Redis too, and a store it
 * cannot look into fails it, as a leak does.
 */
describe('the leak check', () => {
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(testServices.redisUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => redis.quit());

  it('passes for a run that left nothing', async () => {
    const run = await leakCheck(ownRun());
    expect(run).toEqual({ code: 0, stderr: expect.stringContaining('left nothing behind') });
  });

  it('finds, removes and reports the Redis keys of the run under their scope prefix', async () => {
    const runId = ownRun();
    // As TestScope.redisPrefix names them, and as the apps add their own parts after the prefix.
    const prefix = `recruiting_${runId}_0a1b2c3d4e_auth:`;
    await redis.set(`${prefix}revoked:42`, '1');
    await redis.set(`${prefix}rate:127.0.0.1`, '3');
    const unrelated = `recruiting_${ownRun()}_0a1b2c3d4e:kept`;
    await redis.set(unrelated, '1');
    try {
      const run = await leakCheck(runId);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Redis: 2 key(s) under ${prefix}`);
      expect(await redis.exists(`${prefix}revoked:42`, `${prefix}rate:127.0.0.1`)).toBe(0);
      expect(await redis.exists(unrelated)).toBe(1);
    } finally {
      await redis.del(`${prefix}revoked:42`, `${prefix}rate:127.0.0.1`, unrelated);
    }
  });

  it('fails, saying why, when it cannot list the queues (no rabbitmqctl)', async () => {
    // Only node's own folder on the PATH: rabbitmqctl is not found.
    const run = await leakCheck(ownRun(), { PATH: dirname(process.execPath) });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/could not check 1 store.*\n\s+RabbitMQ: rabbitmqctl cannot list the queues \(it is not installed here\)/);
  });

  it('fails when a store does not answer', async () => {
    const run = await leakCheck(ownRun(), { TEST_REDIS_URL: 'redis://127.0.0.1:1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/could not check 1 store.*\n\s+Redis: /);
  });
});
