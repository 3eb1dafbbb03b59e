import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { gaugeMetric } from '@platform/runtime';
import { AMQP_CLOSE_TIMEOUT_MS, AmqpConnection } from './amqp-connection';
import { closeChannel } from './close-channel';
import { MESSAGING_OPTIONS, type ResolvedMessagingOptions } from './messaging.options';
import { topologyOf } from './queues';

const queueMessages = () =>
  gaugeMetric({
    name: 'rabbitmq_queue_messages',
    help: 'Messages ready in a queue this app declares (main, retry or dead-letter), as last read from the broker.',
    labelNames: ['queue'] as const,
  });
const queueConsumers = () =>
  gaugeMetric({
    name: 'rabbitmq_queue_consumers',
    help: 'Consumers subscribed to a queue this app declares, as last read from the broker.',
    labelNames: ['queue'] as const,
  });

/**
 * The depth and consumer count of every queue the app declares (each queue's main, retry and dead-letter queue),
 * read from the broker every `queueStatsIntervalMs` with passive declares on a channel of their own, so a scrape
 * only reads the last values and never waits on the broker. A read that fails (the broker is away) keeps the last
 * values and is tried again at the next tick.
 */
@Injectable()
export class QueueStats implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('QueueStats');
  private readonly messages = queueMessages();
  private readonly consumers = queueConsumers();
  private timer?: NodeJS.Timeout;
  private reading?: Promise<void>;

  constructor(
    private readonly connection: AmqpConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: ResolvedMessagingOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.queues.length === 0) return;
    this.timer = setInterval(() => void this.refresh(), this.options.queueStatsIntervalMs);
    this.timer.unref();
    void this.refresh();
  }

  /** Lets a read under way finish, for at most AMQP_CLOSE_TIMEOUT_MS: figures are not worth a shutdown that hangs. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    if (!this.reading) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.reading, new Promise((resolve) => (timer = setTimeout(resolve, AMQP_CLOSE_TIMEOUT_MS)))]);
    clearTimeout(timer);
  }

  /** Reads every queue's figures now (one read at a time); tests call it to see a change at once. */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    const model = this.connection.currentModel();
    if (!model) return;
    const names = this.options.queues.flatMap((queue) => {
      const t = topologyOf(queue, this.options.queuePrefix);
      return [t.main, t.retry, t.dead];
    });
    try {
      const channel = await model.createChannel();
      channel.on('error', () => undefined);
      try {
        for (const name of names) {
          const { messageCount, consumerCount } = await channel.checkQueue(name);
          this.messages.set({ queue: name }, messageCount);
          this.consumers.set({ queue: name }, consumerCount);
        }
      } finally {
        await closeChannel(channel);
      }
    } catch (error) {
      this.logger.debug(`queue figures not read: ${(error as Error).message}`);
    }
  }
}
