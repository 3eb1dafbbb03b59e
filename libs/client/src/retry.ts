/** When a call is tried again: safe methods only, on 503 or 429, a bounded number of times. */
export interface RetryPolicy {
  /** Tries in all, the first included (default 3; 1 turns retries off). */
  maxAttempts: number;
  /** The first backoff when the answer has no Retry-After (default 250 ms); doubled each retry, with jitter. */
  baseDelayMs: number;
  /** No wait is longer: a Retry-After beyond it is not waited for, the error is thrown instead (default 30 s). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 30_000 };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRIED_STATUSES = new Set([429, 503]);

/** Whether an answer to this method may be retried at all. */
export const isRetryable = (method: string, status: number): boolean =>
  SAFE_METHODS.has(method.toUpperCase()) && RETRIED_STATUSES.has(status);

/** Retry-After in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month; Date.parse alone would also take "-1" (a year).
  const date = /[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before try number `attempt + 1` (attempt counts from 1), or undefined to stop: the answer's
 * Retry-After when it gives one, else exponential backoff with equal jitter (`random` in [0, 1)).
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: string | null,
  now: number,
  random: number,
): number | undefined {
  if (attempt >= policy.maxAttempts) return undefined;
  const told = retryAfterMs(retryAfter, now);
  if (told !== undefined) return told <= policy.maxDelayMs ? told : undefined;
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(backoff / 2 + (backoff / 2) * random);
}
