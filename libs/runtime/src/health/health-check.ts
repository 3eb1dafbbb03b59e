import { isDraining } from './draining';
/** One dependency probe. A required dependency that fails makes the app unready; an optional one degrades it. */
export interface HealthCheck {
  name: string;
  required: boolean;
  check: () => Promise<void>;
}

export type CheckOutcome = 'ok' | 'error';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'error';
  checks: Record<string, CheckOutcome>;
}

export class CheckTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** Resolves with the probe's result or rejects after `ms`, so a hung dependency cannot hang the caller. */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runHealthChecks(checks: HealthCheck[], timeoutMs: number): Promise<HealthReport> {
  const outcomes = await Promise.all(
    checks.map(async (c): Promise<[HealthCheck, CheckOutcome]> => {
      try {
        await withTimeout(c.check(), timeoutMs);
        return [c, 'ok'];
      } catch {
        return [c, 'error'];
      }
    }),
  );
  const failed = outcomes.filter(([, outcome]) => outcome === 'error').map(([c]) => c);
  const checksOf = Object.fromEntries(outcomes.map(([c, outcome]) => [c.name, outcome]));
  // A process that is shutting down is not ready, whatever its dependencies say.
  if (isDraining()) return { status: 'error', checks: { ...checksOf, shutdown: 'error' } };
  const status = failed.some((c) => c.required) ? 'error' : failed.length > 0 ? 'degraded' : 'ok';
  return { status, checks: checksOf };
}
