import { connect } from 'amqplib';
import { testServices } from '@platform/testing/harness';

/** A throwaway broker connection for looking into queues. */
export async function queueProbe() {
  const connection = await connect(testServices.amqpUrl);
  const channel = await connection.createChannel();
  return {
    channel,
    depth: async (queue: string) => (await channel.checkQueue(queue)).messageCount,
    close: () => connection.close(),
  };
}
