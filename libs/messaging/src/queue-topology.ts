import { Logger } from '@nestjs/common';
import type { ChannelModel, ConfirmChannel, GetMessage, Options } from 'amqplib';
import { closeChannel } from './close-channel';
import { type QueueDefinition, topologyOf } from './queues';

const logger = new Logger('Messaging');

/** What the topology of an app's queues depends on. */
export interface TopologyOptions {
  queuePrefix: string;
  /** Attempts of a job: also the delivery limit of the main queue (a job that crashes its consumer gets as many). */
  maxAttempts: number;
  /** The wait before a retry; messages moved into a retry queue get it again. */
  retryDelayMs: number;
}

/**
 * Every queue is a quorum queue (RabbitMQ's replicated queue type: in a cluster its messages survive the loss of a
 * node). Dead-lettering is at-least-once (it needs reject-publish overflow), so a message moving from the retry queue
 * back to its queue, or to the dead-letter queue, is never lost on the way.
 */
export function queueArguments(
  queue: QueueDefinition | string,
  options: TopologyOptions,
): Array<[string, Options.AssertQueue['arguments']]> {
  const { main, retry, dead } = topologyOf(queue, options.queuePrefix);
  const quorum = { 'x-queue-type': 'quorum' };
  const deadLettering = (to: string) => ({
    'x-dead-letter-exchange': '',
    'x-dead-letter-routing-key': to,
    'x-dead-letter-strategy': 'at-least-once',
    'x-overflow': 'reject-publish',
  });
  return [
    [dead, quorum],
    // A delivery that is never settled (the consumer died) comes back, as often as the retry policy allows attempts:
    // the limit counts returns, so maxAttempts deliveries in all; then it goes to the dead letters.
    [main, { ...quorum, ...deadLettering(dead), 'x-delivery-limit': Math.max(0, options.maxAttempts - 1) }],
    // Failed attempts wait here for their per-message expiration, then dead-letter back into the main queue.
    [retry, { ...quorum, ...deadLettering(main) }],
  ];
}

/** Declares the main, retry and dead-letter queue of every queue, moving classic queues of an older version over. */
export async function declareTopology(model: ChannelModel, queues: readonly QueueDefinition[], options: TopologyOptions): Promise<void> {
  for (const queue of queues) {
    for (const [name, args] of queueArguments(queue, options)) {
      await declareQueue(model, name, args, name.endsWith('.retry') ? options.retryDelayMs : undefined);
    }
  }
}

async function declareQueue(model: ChannelModel, name: string, args: Options.AssertQueue['arguments'], retryDelayMs?: number) {
  const declared = await tryAssert(model, name, args);
  if (declared === true) return finishInterruptedMigration(model, name, retryDelayMs);
  if (!isEarlierVersion(declared)) {
    // A value differs (JOB_MAX_ATTEMPTS, say): every app of a queue must declare it alike, so this is a configuration
    // error to fix, not a queue to move (two apps moving it back and forth would never settle).
    throw new Error(`queue ${name} exists with other arguments than this app declares (${declared.message})`);
  }
  await migrateToQuorum(model, name, args, retryDelayMs);
}

/**
 * Whether the broker refused the declaration because the queue is an earlier version's: a classic queue, or one that
 * lacks an argument this version sets ("... but current is none"). The broker names only the first argument that
 * differs, in its own order.
 */
function isEarlierVersion(refusal: Error): boolean {
  return /inequivalent arg 'x-queue-type'/.test(refusal.message) || /but current is none/.test(refusal.message);
}

/** true once declared; the broker's error when the queue exists with other arguments (the channel is gone then). */
async function tryAssert(model: ChannelModel, name: string, args: Options.AssertQueue['arguments']): Promise<true | Error> {
  const channel = await model.createChannel();
  channel.on('error', () => undefined);
  try {
    await channel.assertQueue(name, { durable: true, arguments: args });
    await closeChannel(channel);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 406) return error as Error;
    throw error;
  }
}

/** Whether a queue exists (a passive declare; a missing queue closes its channel with 404). */
async function exists(model: ChannelModel, name: string): Promise<boolean> {
  const channel = await model.createChannel();
  channel.on('error', () => undefined);
  try {
    await channel.checkQueue(name);
    await closeChannel(channel);
    return true;
  } catch {
    return false;
  }
}

const holding = (name: string) => `${name}.migrating`;

/**
 * A classic queue of an earlier version becomes a quorum queue of the same name, its waiting messages kept: they are
 * moved to a holding quorum queue, the classic queue is deleted once empty and declared again as a quorum queue, and
 * the messages are moved back. One app at a time does it (an exclusive queue is the lock; the others wait and find it
 * done), and a migration cut short is finished by the next start (the holding queue is emptied into the queue).
 */
async function migrateToQuorum(model: ChannelModel, name: string, args: Options.AssertQueue['arguments'], retryDelayMs?: number) {
  const lock = await acquireLock(model, name);
  try {
    if ((await tryAssert(model, name, args)) === true) return finishInterruptedMigration(model, name, retryDelayMs, true);
    logger.warn(`queue ${name} is a classic queue of an earlier version: moving it to a quorum queue`);
    if ((await tryAssert(model, holding(name), { 'x-queue-type': 'quorum' })) !== true) throw new Error(`cannot declare ${holding(name)}`);
    let moved = 0;
    // New messages may still arrive from apps of the earlier version: move until the queue can be deleted empty
    // (a refused delete closes its channel, so each round takes a new one).
    for (let deleted = false; !deleted;) {
      const channel = await model.createConfirmChannel();
      channel.on('error', () => undefined);
      moved += await moveAll(channel, name, holding(name));
      // The queue being replaced is an earlier version's classic queue, which has an if-empty delete.
      deleted = await channel.deleteQueue(name, { ifEmpty: true }).then(
        () => true,
        () => false,
      );
      await closeChannel(channel);
    }
    if ((await tryAssert(model, name, args)) !== true) throw new Error(`cannot declare ${name} as a quorum queue`);
    logger.warn(`queue ${name} is a quorum queue now; ${moved} waiting message(s) kept`);
    await finishInterruptedMigration(model, name, retryDelayMs, true);
  } finally {
    await lock.close().catch(() => undefined);
  }
}

/**
 * Moves what a holding queue keeps back into its queue and deletes it: after a migration, or one cut short. Under the
 * queue's migration lock (`locked` when the caller holds it), so replicas starting together do it once.
 */
async function finishInterruptedMigration(model: ChannelModel, name: string, retryDelayMs?: number, locked = false): Promise<void> {
  if (!(await exists(model, holding(name)))) return;
  const lock = locked ? undefined : await acquireLock(model, name);
  try {
    if (!locked && !(await exists(model, holding(name)))) return;
    const channel = await model.createConfirmChannel();
    channel.on('error', () => undefined);
    try {
      await moveAll(channel, holding(name), name, retryDelayMs);
      // Only the migration (under its lock) writes to a holding queue, and quorum queues have no if-empty delete.
      await channel.deleteQueue(holding(name));
    } finally {
      await closeChannel(channel);
    }
  } finally {
    await lock?.close().catch(() => undefined);
  }
}

/**
 * An exclusive queue only one connection can hold: the migration lock of one queue. Waits for it. Released by deleting
 * the queue (an exclusive queue lives as long as its connection, not its channel), or by the connection's end.
 */
async function acquireLock(model: ChannelModel, name: string): Promise<{ close(): Promise<void> }> {
  const lock = `${name}.migration-lock`;
  for (let waited = 0; ; waited += 200) {
    const channel = await model.createChannel();
    channel.on('error', () => undefined);
    try {
      await channel.assertQueue(lock, { exclusive: true, durable: false });
      return {
        close: async () => {
          await channel.deleteQueue(lock);
          await closeChannel(channel);
        },
      };
    } catch (error) {
      if ((error as { code?: number }).code !== 405 || waited > 120_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Moves every message from one queue to another, each published with a confirm before its original is acked. Into a
 * holding queue a message keeps no expiration (it would expire there); into a retry queue it gets the retry delay.
 */
async function moveAll(channel: ConfirmChannel, from: string, to: string, expirationMs?: number): Promise<number> {
  let moved = 0;
  for (let message: GetMessage | false; (message = await channel.get(from, { noAck: false })); moved++) {
    const { expiration: _expiration, ...properties } = message.properties;
    await new Promise<void>((resolve, reject) =>
      channel.sendToQueue(
        to,
        message ? message.content : Buffer.alloc(0),
        { ...(properties as Options.Publish), persistent: true, ...(expirationMs ? { expiration: String(expirationMs) } : {}) },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    channel.ack(message);
  }
  return moved;
}
