import { runHealthChecks, withTimeout } from './health-check';

const never = () => new Promise<void>(() => undefined);

describe('health checks', () => {
  it('is ok when every check answers', async () => {
    const report = await runHealthChecks([{ name: 'db', required: true, check: async () => undefined }], 100);
    expect(report).toEqual({ status: 'ok', checks: { db: 'ok' } });
  });

  it('is an error when a required check fails or hangs, and stops waiting at the timeout', async () => {
    const started = Date.now();
    const report = await runHealthChecks(
      [
        { name: 'db', required: true, check: never },
        { name: 'queue', required: true, check: async () => undefined },
      ],
      100,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(report).toEqual({ status: 'error', checks: { db: 'error', queue: 'ok' } });
  });

  it('is degraded when only an optional check fails', async () => {
    const report = await runHealthChecks(
      [
        { name: 'db', required: true, check: async () => undefined },
        { name: 'storage', required: false, check: async () => Promise.reject(new Error('down')) },
      ],
      100,
    );
    expect(report.status).toBe('degraded');
  });

  it('withTimeout passes results through and rejects late work', async () => {
    await expect(withTimeout(Promise.resolve(5), 50)).resolves.toBe(5);
    await expect(withTimeout(never(), 20)).rejects.toThrow('no answer within 20 ms');
  });
});
