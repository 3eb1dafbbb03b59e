import { Mutex, Semaphore, withTimeout } from 'async-mutex';
import type { DataSource } from 'typeorm';

/**
 * A request waited for its turn at the database longer than its bound (a busy service, not a broken one): the error
 * filters answer it 503 SERVICE_UNAVAILABLE with Retry-After, as pg's own wait for a free connection.
 */
export class DatabaseBusyError extends Error {
  override readonly name = 'DatabaseBusyError';
}

/** The pool's size and how long a request waits for one of its connections (pg-pool's `connectionTimeoutMillis`). */
export function poolLimitsOf(dataSource: DataSource): { size: number; waitMs: number } {
  const { options } = (dataSource.driver as unknown as { master: { options: { max?: number; connectionTimeoutMillis?: number } } }).master;
  return { size: options.max ?? 10, waitMs: options.connectionTimeoutMillis ?? 0 };
}

/**
 * Work that runs one at a time per key in this process, in arrival order, each waiting at most `waitMs` for its
 * turn. Writers of one row queue here without a pooled connection, instead of each holding one while PostgreSQL makes
 * it wait for the row lock (which still orders them against other replicas); a key's queue is dropped once empty.
 */
export class KeyedTurns {
  private readonly queues = new Map<string, { mutex: Mutex; users: number }>();

  constructor(
    private readonly waitMs: number,
    private readonly what: string,
  ) {}

  /** `work` once every earlier caller with one of these keys is done; several keys are taken in sorted order. */
  async run<T>(keys: string | readonly string[], work: () => Promise<T>): Promise<T> {
    const sorted = typeof keys === 'string' ? [keys] : [...new Set(keys)].sort();
    return sorted.reduceRight<() => Promise<T>>((inner, key) => () => this.one(key, inner), work)();
  }

  /** How many keys have callers running or waiting (for tests: none once all are done). */
  get activeKeys(): number {
    return this.queues.size;
  }

  private async one<T>(key: string, work: () => Promise<T>): Promise<T> {
    let queue = this.queues.get(key);
    if (!queue) this.queues.set(key, (queue = { mutex: new Mutex(), users: 0 }));
    queue.users += 1;
    try {
      const busy = new DatabaseBusyError(`waited over ${this.waitMs} ms for ${this.what}`);
      return await withTimeout(queue.mutex, this.waitMs, busy).runExclusive(work);
    } finally {
      queue.users -= 1;
      if (queue.users === 0) this.queues.delete(key);
    }
  }
}

/** At most `size` at once in this process, each caller waiting at most `waitMs` for a slot. */
export class Slots {
  private readonly semaphore: Semaphore;

  constructor(
    readonly size: number,
    private readonly waitMs: number,
    private readonly what: string,
  ) {
    this.semaphore = new Semaphore(size);
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    const busy = new DatabaseBusyError(`waited over ${this.waitMs} ms for ${this.what}`);
    return withTimeout(this.semaphore, this.waitMs, busy).runExclusive(work);
  }
}
