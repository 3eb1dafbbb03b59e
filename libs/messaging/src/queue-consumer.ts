import type { QueueDefinition } from './queues';

/** What a handler knows about the delivery it is processing. */
export interface JobContext {
  /** The queue's name. */
  queue: string;
  jobId: string;
  /** 1 for the first delivery; grows with each retry. */
  attempt: number;
  maxAttempts: number;
  /** The broker delivered this message before (a consumer died holding it). */
  redelivered: boolean;
}

/**
 * A queue's handler. Subclasses are plain Nest providers in the worker's feature module; the consumer
 * host finds them, validates each message against the queue's message class, acks on success, retries failures after
 * a delay up to the attempt limit, then calls `onFinalFailure` and dead-letters the message.
 * Handlers must be idempotent: a redelivered job must not change anything twice.
 */
export abstract class QueueConsumer<T extends object> {
  abstract readonly queue: QueueDefinition<T>;

  abstract handle(message: T, context: JobContext): Promise<void>;

  /** Records the failure on the job's own data (an article marked failed, say). */
  async onFinalFailure(_message: T, _error: Error, _context: JobContext): Promise<void> {}

  /**
   * A message that is not a valid T (a poison message) is dead-lettered at once; this hook sees its decoded payload
   * (possibly not even an object) first, so a consumer can still mark the document it names as failed.
   */
  async onMalformed(_payload: unknown, _reason: string, _context: JobContext): Promise<void> {}
}
