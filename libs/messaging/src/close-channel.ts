import type { Channel } from 'amqplib';

/**
 * Closes a channel and settles once it is closed, however that happens. amqplib's own `channel.close()` waits for the
 * broker's close-ok, and when the connection dies before it arrives the promise never settles (the channel is closed
 * all the same and says so with its 'close' event). Every channel the library closes goes through here: an await on
 * the bare close hung an app's shutdown (the queue figures' read) and stopped recovery for good (a topology
 * declaration during a reconnect), whenever the connection went in that moment.
 */
export function closeChannel(channel: Channel): Promise<void> {
  return new Promise<void>((resolve) => {
    channel.once('close', () => resolve());
    // Rejects at once when the channel or its connection is already closed.
    channel.close().then(
      () => resolve(),
      () => resolve(),
    );
  });
}
