import { randomBytes } from 'node:crypto';

/**
 * Where the real backing services answer during tests. scripts/services.sh starts them and writes these
 * variables to .data/services.env, which scripts/test.sh exports; the defaults match a machine whose
 * services run on their standard local ports.
 */
export const testServices = {
  postgresUrl: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  mongoUri: process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27017',
  amqpUrl: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  s3: {
    endpoint: process.env.TEST_S3_ENDPOINT ?? 'http://127.0.0.1:7070',
    region: 'us-east-1',
    accessKeyId: process.env.TEST_S3_ACCESS_KEY ?? 'platform-local',
    secretAccessKey: process.env.TEST_S3_SECRET_KEY ?? 'platform-local-secret',
  },
  /** Mailpit, the mail catcher: apps under test deliver over SMTP, tests read the mail through its API (mailpit.ts). */
  mail: {
    smtpUrl: process.env.TEST_SMTP_URL || 'smtp://127.0.0.1:1025',
    apiUrl: process.env.TEST_MAILPIT_URL || 'http://127.0.0.1:8025',
  },
};

/** The S3 variables of an app under test, for a bucket of the test's own that the app creates. */
export function testStorageEnv(bucket: string): Record<string, string> {
  return {
    S3_ENDPOINT: testServices.s3.endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: testServices.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: testServices.s3.secretAccessKey,
    S3_CREATE_BUCKET: 'true',
  };
}

/**
 * The run a name belongs to: scripts/test.sh sets TEST_RUN_ID once per run, so after the run every database,
 * queue and bucket still carrying it is a leak (scripts/test-leaks.ts); outside a run, the time.
 */
export const testRunId = (process.env.TEST_RUN_ID ?? Date.now().toString(36)).toLowerCase();

/** A lowercase name no other test file uses, for databases, queues, buckets and key prefixes: `prefix_run_random`. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${testRunId}_${randomBytes(5).toString('hex')}`;
}

/**
 * What a waitFor probe throws to say "not yet" with a reason: the reason is kept for the timeout's message. Any other
 * error a probe throws (a failed assertion, a status no moment of the wait may answer) ends the wait at once.
 */
export class NotYet extends Error {
  override readonly name = 'NotYet';
}

/**
 * For a probe's `.catch`: the error only means "not yet" (a connection refused while a service restarts), e.g.
 * `await fetch(url).catch(notYet)`. Its message is kept as the reason.
 */
export function notYet(cause: unknown): never {
  throw new NotYet(cause instanceof Error ? cause.message : String(cause), { cause });
}

/** What waitFor throws when its deadline passes. */
export class TimedOut extends Error {
  override readonly name = 'TimedOut';
}

/**
 * Polls `probe` until it returns a value other than undefined, or fails after the deadline. No sleeps. "Not yet" is
 * said by returning undefined or throwing NotYet (see notYet); anything else the probe throws, an assertion above
 * all, fails the wait at once with that error.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 10_000, intervalMs = 25, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let reason: string | undefined;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if (!(error instanceof NotYet)) throw error;
      reason = error.message;
    }
    if (Date.now() > deadline) {
      throw new TimedOut(`timed out after ${timeoutMs} ms waiting for ${what}${reason === undefined ? '' : ` (last: ${reason})`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
