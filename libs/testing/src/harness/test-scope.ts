import { S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { Pool, type PoolConfig } from 'pg';
import type { QueueDefinition } from '@platform/messaging';
import { deleteBucket } from './s3-cleanup';
import { createTestDatabase, dropDatabaseWhenUnused, type TestDatabase } from './test-database';
import { inTestEnvironment, testLifecycle } from './test-lifecycle';
import { deleteQueueTopologies, remainingQueues } from './test-queues';
import { testServices, uniqueName } from './test-services';

interface Closer {
  what: string;
  close: () => Promise<unknown>;
}

/**
 * How long teardown in a test waits for one closer (an app, a client, a process) before it reports it and goes on to
 * remove the stores: a closer that never ends (an app whose shutdown hangs) must not keep the databases, queues and
 * buckets. Benches and the soak, whose closers stop whole platforms, wait for them without a bound.
 */
export const CLOSER_TIMEOUT_MS = 20_000;

/**
 * Everything one test file (or benchmark) creates on the shared services, under one unique name, and the one
 * way it is taken down again. Teardown runs in dependency order: first what uses the stores (apps, processes,
 * clients; the last registered closes first), then the scope's own pools, then the stores themselves: each
 * PostgreSQL database once no connection to it is left (a drop under a live pool makes its idle clients
 * fail), the MongoDB databases, every queue declared under the scope's prefix (checked gone afterwards),
 * the buckets and the Redis keys. A step that fails does not stop the others; the failures are thrown
 * together at the end, so a leak fails the file that made it. In a test, a closer that does not end within
 * CLOSER_TIMEOUT_MS is reported and left behind. Every scope is known to the file's test lifecycle (test-lifecycle.ts), which closes it if
 * the file's own code could not: after a test that timed out, or a beforeAll that did.
 */
export class TestScope {
  /** Lower-case and unique across runs: the base of every name the scope hands out. */
  readonly id: string;
  private readonly closers: Closer[] = [];
  private readonly pools: Pool[] = [];
  private readonly databases: TestDatabase[] = [];
  private readonly mongoDatabases = new Set<string>();
  private readonly queues = new Map<string, Set<QueueDefinition | string>>();
  private readonly buckets = new Set<string>();
  private readonly redisPrefixes = new Set<string>();
  private readonly problems: string[] = [];
  private closing?: Promise<void>;
  /** Takes the scope off the file's test lifecycle once it is closed. */
  private readonly forget: () => void;
  /** A start under way on this scope (onNewScope): teardown from outside waits for it, so nothing it makes is missed. */
  private starting?: Promise<unknown>;

  /**
   * `dropTimeoutMs`: how long a database drop waits for its sessions to end before it forces and reports them;
   * `closerTimeoutMs`: how long teardown waits for each closer (CLOSER_TIMEOUT_MS).
   */
  constructor(
    prefix: string,
    private readonly options: { dropTimeoutMs?: number; closerTimeoutMs?: number } = {},
  ) {
    this.id = uniqueName(prefix.toLowerCase());
    this.forget = testLifecycle().opened({
      what: `the test scope ${this.id}`,
      end: async () => {
        if (this.starting) await settledWithin(this.starting, this.closerTimeoutMs ?? CLOSER_TIMEOUT_MS);
        await this.close();
      },
    });
  }

  /** Undefined: no bound (outside tests). */
  private get closerTimeoutMs(): number | undefined {
    return this.options.closerTimeoutMs ?? (inTestEnvironment() ? CLOSER_TIMEOUT_MS : undefined);
  }

  /** Marks a start under way on the scope; teardown from outside waits for it (at most as long as it waits for the scope). */
  startingWith<T>(start: Promise<T>): Promise<T> {
    this.starting = start;
    return start;
  }

  /** A migrated-later, empty PostgreSQL database of the scope's own (`label` tells several apart). */
  async database(label?: string): Promise<TestDatabase> {
    const database = await createTestDatabase(label ? `${this.id}_${label}` : this.id, { exact: true });
    this.databases.push(database);
    return database;
  }

  /**
   * A pg pool for arranging and asserting, ended before any database is dropped. A connection error before
   * teardown is recorded and fails the file instead of crashing the worker as an unhandled 'error' event.
   */
  pool(config: PoolConfig): Pool {
    const pool = new Pool({ application_name: `test:${this.id}`, ...config });
    pool.on('error', (error) => this.problems.push(`a pooled connection failed: ${error.message}`));
    this.pools.push(pool);
    return pool;
  }

  /** The name of a MongoDB database of the scope's own, dropped at teardown. */
  mongoDatabase(label?: string): string {
    const name = label ? `${this.id}_${label}` : this.id;
    this.mongoDatabases.add(name);
    return name;
  }

  /**
   * The queue prefix (`QUEUE_PREFIX`) of the scope; at teardown the main, retry and dead-letter queue of each
   * queue named here is deleted under it, and checked gone.
   */
  queuePrefix(queues: ReadonlyArray<QueueDefinition | string>, label?: string): string {
    const prefix = label ? `${this.id}_${label}.` : `${this.id}.`;
    const known = this.queues.get(prefix) ?? new Set();
    for (const queue of queues) known.add(queue);
    this.queues.set(prefix, known);
    return prefix;
  }

  /** A bucket name of the scope's own (S3 names take no underscores); removed with its objects at teardown. */
  bucket(label?: string): string {
    const name = (label ? `${this.id}-${label}` : this.id).replace(/_/g, '-');
    this.buckets.add(name);
    return name;
  }

  /** A Redis key prefix of the scope's own; every key under it is deleted at teardown. */
  redisPrefix(label?: string): string {
    const prefix = `${label ? `${this.id}_${label}` : this.id}:`;
    this.redisPrefixes.add(prefix);
    return prefix;
  }

  /**
   * Runs `close` at teardown before any store is removed; the last registered runs first. Registered on a scope that is
   * already closing (a start that outlived its test), it runs at once.
   */
  defer(what: string, close: () => Promise<unknown> | unknown): void {
    if (this.closing) {
      void Promise.resolve()
        .then(close)
        .catch(() => undefined);
      return;
    }
    this.closers.push({ what, close: async () => close() });
  }

  /** Registers something with a close() (an app, a client, a process handle) and hands it back. */
  track<T extends { close(): Promise<unknown> | unknown }>(what: string, thing: T): T {
    this.defer(what, () => thing.close());
    return thing;
  }

  /** Tears everything down once; a second call answers the same teardown. */
  close(): Promise<void> {
    this.closing ??= this.tearDown().finally(this.forget);
    return this.closing;
  }

  private async tearDown(): Promise<void> {
    const failures: string[] = [];
    const attempt = async (what: string, work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const bound = this.closerTimeoutMs;
    const bounded = (closer: Closer) => async () => {
      const closing = closer.close();
      if (bound !== undefined && !(await settledWithin(closing, bound))) throw new Error(`did not end within ${bound} ms`);
      await closing;
    };
    for (const closer of [...this.closers].reverse()) await attempt(`closing ${closer.what}`, bounded(closer));
    for (const pool of this.pools) await attempt('ending a test pool', () => pool.end());
    for (const database of this.databases) {
      await attempt(`dropping database ${database.name}`, async () => {
        const holders = await dropDatabaseWhenUnused(database.name, this.options.dropTimeoutMs);
        if (holders.length) throw new Error(`still connected at teardown (${holders.join(', ')}): something was not closed`);
      });
    }
    if (this.mongoDatabases.size) await attempt('dropping the MongoDB databases', () => this.dropMongoDatabases());
    for (const [prefix, queues] of this.queues) {
      await attempt(`deleting the queues under ${prefix}`, async () => {
        await deleteQueueTopologies([...queues], prefix);
        const left = await remainingQueues([...queues], prefix);
        if (left.length) throw new Error(`still on the broker: ${left.join(', ')}`);
      });
    }
    if (this.buckets.size) await attempt('deleting the buckets', () => this.deleteBuckets());
    if (this.redisPrefixes.size) await attempt('deleting the Redis keys', () => this.deleteRedisKeys());
    // Connection errors of the scope's pools, before or during teardown (none, when the drops waited as they should).
    failures.push(...this.problems);
    if (failures.length) throw new Error(`teardown of ${this.id} failed:\n- ${failures.join('\n- ')}`);
  }

  private async dropMongoDatabases(): Promise<void> {
    const client = await MongoClient.connect(testServices.mongoUri, { serverSelectionTimeoutMS: 5000 });
    try {
      for (const name of this.mongoDatabases) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  }

  private async deleteBuckets(): Promise<void> {
    const client = new S3Client({
      endpoint: testServices.s3.endpoint,
      region: testServices.s3.region,
      credentials: { accessKeyId: testServices.s3.accessKeyId, secretAccessKey: testServices.s3.secretAccessKey },
      forcePathStyle: true,
    });
    try {
      for (const bucket of this.buckets) {
        // A bucket the app never got to create (or a test removed) is not a leak.
        await deleteBucket(client, bucket).catch((error: Error) => {
          if (error.name !== 'NoSuchBucket') throw error;
        });
      }
    } finally {
      client.destroy();
    }
  }

  private async deleteRedisKeys(): Promise<void> {
    const redis = new Redis(testServices.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      for (const prefix of this.redisPrefixes) {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      }
    } finally {
      redis.disconnect();
    }
  }
}

/** Whether `work` settled (either way; a rejection still reaches its own handlers) within `ms`. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A scope for the test file (or describe block), closed by an afterAll hook registered here. Everything the file
 * starts is registered on the scope (track, defer, pool), so this hook is the file's whole teardown.
 */
/**
 * Runs `start` on a scope of its own and answers what it built (which then owns the scope and closes it). A start
 * that fails closes whatever it had made before the error goes on: the test kits' one way to start.
 */
export async function onNewScope<T>(prefix: string, start: (scope: TestScope) => Promise<T>): Promise<T> {
  const scope = new TestScope(prefix);
  try {
    return await scope.startingWith(start(scope));
  } catch (error) {
    await scope.close().catch(() => undefined);
    throw error;
  }
}

export function useTestScope(prefix: string): TestScope {
  const scope = new TestScope(prefix);
  afterAll(() => scope.close(), 60_000);
  return scope;
}
