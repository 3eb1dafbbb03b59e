/**
 * Failures that mean a store or broker the request needs is not answering (stopped, restarting, unreachable), not
 * that the request or the code is wrong: they answer 503 SERVICE_UNAVAILABLE with Retry-After, so clients retry and
 * operators see an outage instead of a bug. Recognised by the drivers' own codes and error names, through the causes
 * and driver errors they wrap.
 */

/** Socket-level failures Node reports with these codes. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ECONNABORTED',
  'EAI_AGAIN',
]);

/** PostgreSQL SQLSTATEs of a server that is going away or not there: connection exceptions and shutdowns. */
const POSTGRES_UNAVAILABLE = /^(08\d{3}|57P0[123]|53300)$/;

/** The MongoDB driver's error classes for a server that cannot be reached. */
const MONGO_UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

/**
 * A wait for a turn at a store that outlived the request's bound: pg-pool's wait for a free connection, and the apps'
 * own waits before they ask the pool (DatabaseBusyError, @platform/persistence). Busy, or a store that has stopped
 * answering: the wait alone cannot tell which, and the caller's remedy is the same (try again shortly).
 */
const BUSY_MESSAGES = [/^timeout exceeded when trying to connect$/];
const BUSY_NAMES = new Set(['DatabaseBusyError']);

/** Messages of pg and ioredis for a connection lost or never made, which carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  // pg's Client when opening a connection outlives its own connection timeout.
  /^timeout expired$/,
  /^Connection is closed\.?$/,
  /^Reached the max retries per request limit/,
  // A socket error re-wrapped by a client that kept only its text (the AWS SDK does so for an error it does not
  // recognise as one, e.g. from another realm).
  /^(AWS SDK error wrapper for )?(Error: )?(connect|read|write|getaddrinfo) (ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN)\b/,
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  driverError?: unknown;
  errors?: unknown;
}

/** Whether an error (or what it wraps) says a dependency is unavailable, or too busy to take the request in time. */
export function isDependencyUnavailable(error: unknown): boolean {
  return someInChain(error, (e) => {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_UNAVAILABLE.test(e.code))) return true;
    if (typeof e.name === 'string' && MONGO_UNAVAILABLE.has(e.name)) return true;
    return matches(e.message, UNAVAILABLE_MESSAGES) || isBusy(e);
  });
}

/** Whether it is a wait for a turn at a store (a free connection) that passed its bound: one kind of unavailable. */
export function isDependencyBusy(error: unknown): boolean {
  return someInChain(error, isBusy);
}

const isBusy = (e: ErrorLike) => (typeof e.name === 'string' && BUSY_NAMES.has(e.name)) || matches(e.message, BUSY_MESSAGES);

const matches = (message: unknown, patterns: RegExp[]) => typeof message === 'string' && patterns.some((pattern) => pattern.test(message));

/** Whether the error, or one it wraps (causes, TypeORM's driver errors, aggregates), satisfies `test`. */
function someInChain(error: unknown, test: (e: ErrorLike) => boolean, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as ErrorLike;
  if (test(e)) return true;
  const nested = [e.cause, e.driverError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((inner) => someInChain(inner, test, depth + 1));
}
