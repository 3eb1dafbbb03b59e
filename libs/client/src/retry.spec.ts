import { DEFAULT_RETRY, isRetryable, retryAfterMs, retryDelayMs } from './retry';

const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('retry rules', () => {
  it('retries only safe methods, only on 503 and 429', () => {
    expect(isRetryable('GET', 503)).toBe(true);
    expect(isRetryable('head', 429)).toBe(true);
    expect(isRetryable('OPTIONS', 503)).toBe(true);
    expect(isRetryable('POST', 503)).toBe(false);
    expect(isRetryable('PUT', 429)).toBe(false);
    expect(isRetryable('GET', 500)).toBe(false);
    expect(isRetryable('GET', 502)).toBe(false);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3', NOW)).toBe(3000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
    expect(retryAfterMs(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
    expect(retryAfterMs(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs(null, NOW)).toBeUndefined();
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
    expect(retryAfterMs('-1', NOW)).toBeUndefined();
  });

  it('waits what Retry-After says, and gives up when it says more than the longest wait', () => {
    expect(retryDelayMs(DEFAULT_RETRY, 1, '2', NOW, 0.5)).toBe(2000);
    expect(retryDelayMs(DEFAULT_RETRY, 1, '31', NOW, 0.5)).toBeUndefined();
  });

  it('backs off exponentially with jitter without Retry-After, and stops after the last attempt', () => {
    const policy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 300 };
    expect(retryDelayMs(policy, 1, null, NOW, 0)).toBe(50);
    expect(retryDelayMs(policy, 1, null, NOW, 0.999)).toBe(100);
    expect(retryDelayMs(policy, 2, null, NOW, 0)).toBe(100);
    expect(retryDelayMs(policy, 4, null, NOW, 1)).toBe(300);
    expect(retryDelayMs(policy, 5, null, NOW, 0)).toBeUndefined();
    expect(retryDelayMs({ ...policy, maxAttempts: 1 }, 1, '1', NOW, 0)).toBeUndefined();
  });
});
