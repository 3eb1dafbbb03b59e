import { connect } from 'amqplib';
import { closeChannel, type QueueDefinition, topologyOf } from '@platform/messaging';
import { testServices } from './test-services';

/** Every physical queue of the given definitions under a prefix: main, retry and dead letter. */
function namesOf(queues: ReadonlyArray<QueueDefinition | string>, prefix: string): string[] {
  return queues.flatMap((queue) => {
    const t = topologyOf(queue, prefix);
    return [t.main, t.retry, t.dead];
  });
}

/** Deletes the main, retry and dead-letter queues of each queue under a test file's prefix (absent ones are fine). */
export async function deleteQueueTopologies(queues: ReadonlyArray<QueueDefinition | string>, prefix: string): Promise<void> {
  const amqp = await connect(testServices.amqpUrl);
  try {
    const channel = await amqp.createChannel();
    for (const name of namesOf(queues, prefix)) await channel.deleteQueue(name);
  } finally {
    await amqp.close();
  }
}

/**
 * The queues of these definitions that still exist under the prefix. A passive declare of a missing queue
 * closes its channel (404), so each name gets a channel of its own.
 */
export async function remainingQueues(queues: ReadonlyArray<QueueDefinition | string>, prefix: string): Promise<string[]> {
  const amqp = await connect(testServices.amqpUrl);
  amqp.on('error', () => undefined);
  const left: string[] = [];
  try {
    for (const name of namesOf(queues, prefix)) {
      const channel = await amqp.createChannel();
      channel.on('error', () => undefined);
      try {
        await channel.checkQueue(name);
        left.push(name);
        await closeChannel(channel);
      } catch {
        // NOT_FOUND: gone, and the broker closed the channel.
      }
    }
  } finally {
    await amqp.close();
  }
  return left;
}
