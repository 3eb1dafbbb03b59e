import type { QueueDefinition } from './queues';

export interface MessagingOptions {
  url: string;
  /** The queues this app publishes to or consumes; each is declared (with its retry and dead-letter queues) on connect. */
  queues: readonly QueueDefinition[];
  /** Prepended to every queue name, to keep environments (and test files) apart on one broker. */
  queuePrefix?: string;
  /** Unacknowledged deliveries a consumer holds at once. */
  prefetch?: number;
  /** Attempts of a job, the first included, before it is dead-lettered. */
  maxAttempts?: number;
  /**
   * Retries of a job whose dependency (database, store, broker) is unavailable that do not count as attempts, each
   * after retryDelayMs; past them an outage counts as a failed attempt, so a dependency that never returns (a wrong
   * address) still ends in the dead-letter queue.
   */
  maxOutageRetries?: number;
  /** Wait before a failed attempt is retried. */
  retryDelayMs?: number;
  /** How long a publish waits for the broker's confirm before it fails. */
  publishTimeoutMs?: number;
  /** Connection attempts at start-up before the app gives up (later outages retry forever). */
  initialConnectAttempts?: number;
  /** How long shutdown waits for in-flight handlers. */
  drainTimeoutMs?: number;
  /** How often the depth and consumers of the app's queues are read for its metrics. */
  queueStatsIntervalMs?: number;
}

export type ResolvedMessagingOptions = Required<MessagingOptions>;

export function resolveMessagingOptions(options: MessagingOptions): ResolvedMessagingOptions {
  return {
    queuePrefix: '',
    prefetch: 4,
    maxAttempts: 3,
    maxOutageRetries: 150,
    retryDelayMs: 2000,
    publishTimeoutMs: 5000,
    initialConnectAttempts: 3,
    drainTimeoutMs: 10_000,
    queueStatsIntervalMs: 15_000,
    ...options,
  };
}

export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');
