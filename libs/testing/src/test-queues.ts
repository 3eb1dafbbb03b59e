import { connect } from 'amqplib';
import { type QueueDefinition, topologyOf } from '@platform/messaging';
import { testServices } from './test-services';

/** Deletes the main, retry and dead-letter queues of each queue under a test file's prefix. */
export async function deleteQueueTopologies(queues: ReadonlyArray<QueueDefinition | string>, prefix: string): Promise<void> {
  const amqp = await connect(testServices.amqpUrl);
  try {
    const channel = await amqp.createChannel();
    for (const queue of queues) {
      const t = topologyOf(queue, prefix);
      for (const name of [t.main, t.retry, t.dead]) await channel.deleteQueue(name);
    }
  } finally {
    await amqp.close();
  }
}
