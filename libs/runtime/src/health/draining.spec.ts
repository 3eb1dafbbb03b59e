import { isDraining, startDraining } from './draining';
import { runHealthChecks } from './health-check';

describe('readiness of a process that is shutting down', () => {
  const healthy = [{ name: 'postgres', required: true, check: async () => undefined }];

  it('is ready while its dependencies answer, and not ready once it drains, whatever they say', async () => {
    expect(isDraining()).toBe(false);
    expect(await runHealthChecks(healthy, 100)).toEqual({ status: 'ok', checks: { postgres: 'ok' } });
    startDraining();
    expect(await runHealthChecks(healthy, 100)).toEqual({ status: 'error', checks: { postgres: 'ok', shutdown: 'error' } });
  });
});
