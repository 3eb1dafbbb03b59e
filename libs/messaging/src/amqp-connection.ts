import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type ChannelModel, type ConfirmChannel, type Options, type RecoveringChannelModel } from 'amqplib';
import type { HealthCheck } from '@platform/runtime';
import { QueueUnavailableError } from './errors';
import { MESSAGING_OPTIONS, type ResolvedMessagingOptions } from './messaging.options';
import { declareTopology } from './queue-topology';

type ConnectHook = (model: ChannelModel) => Promise<void>;

/**
 * How long closing waits for the broker to confirm. amqplib's close of a connection whose socket has just died, before
 * the connection has seen it go, waits for a close-ok that never comes; a shutdown must not hang on it.
 */
export const AMQP_CLOSE_TIMEOUT_MS = 2000;

/**
 * One broker connection per app, recovered automatically after an outage. After every (re)connect the
 * queue topology is asserted and every registered hook (consumer subscriptions) runs again.
 */
@Injectable()
export class AmqpConnection implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Messaging');
  private readonly hooks: ConnectHook[] = [];
  private recovering?: RecoveringChannelModel;
  private current?: ChannelModel;
  private confirmChannel?: Promise<ConfirmChannel>;
  private closing = false;

  constructor(@Inject(MESSAGING_OPTIONS) private readonly options: ResolvedMessagingOptions) {}

  async onModuleInit(): Promise<void> {
    try {
      this.recovering = await connect(this.options.url, {
        timeout: 5000,
        recovery: {
          initialDelay: 200,
          maxDelay: 5000,
          initialMaxRetries: this.options.initialConnectAttempts - 1,
          maxRetries: Infinity,
          setup: (model: ChannelModel) => this.setUp(model),
        },
      });
    } catch (error) {
      throw new Error(`RabbitMQ at ${redact(this.options.url)} did not answer: ${(error as Error).message}`);
    }
    this.recovering.on('disconnect', (error: Error) => {
      this.current = undefined;
      this.confirmChannel = undefined;
      if (!this.closing) this.logger.warn(`broker connection lost (${error?.message ?? 'closed'}): reconnecting`);
    });
    this.recovering.on('connect', () => this.logger.log('broker reconnected'));
    // Connection errors (a dropped socket, a missed heartbeat) start recovery; they must not crash the process.
    this.recovering.on('error', (error: Error) => this.logger.warn(`broker connection error: ${error.message}`));
    this.logger.log('broker connected');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.current = undefined;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), AMQP_CLOSE_TIMEOUT_MS)));
    const closed = this.recovering?.close().then(
      () => false,
      () => false,
    );
    if (await Promise.race([closed ?? false, gaveUp])) {
      this.logger.warn(
        `the broker did not confirm the close within ${AMQP_CLOSE_TIMEOUT_MS} ms (the connection had gone): closed without it`,
      );
    }
    clearTimeout(timer);
  }

  isConnected(): boolean {
    return this.current !== undefined;
  }

  /** Runs `hook` now if connected and again after every reconnect. */
  async onConnect(hook: ConnectHook): Promise<void> {
    this.hooks.push(hook);
    if (this.current) await hook(this.current);
  }

  /** The channel publishers share; broker confirms make every publish acknowledged or failed. */
  async publishChannel(): Promise<ConfirmChannel> {
    const model = this.current;
    if (!model) throw new QueueUnavailableError('not connected to the broker');
    this.confirmChannel ??= model.createConfirmChannel().then((channel) => {
      channel.on('close', () => (this.confirmChannel = undefined));
      channel.on('error', (error: Error) => this.logger.warn(`publish channel error: ${error.message}`));
      return channel;
    });
    return this.confirmChannel;
  }

  /** The live connection; tests drop its socket to simulate a network failure. */
  currentModel(): ChannelModel | undefined {
    return this.current;
  }

  private async setUp(model: ChannelModel): Promise<void> {
    // amqplib listens to the connection only once this setup is done. A socket that ends before then is reported as an
    // 'error' event, which, unheard, would be thrown from the socket's handler: the connection would never close its
    // channels (the setup then waits for them forever, and no reconnect follows) and the process would crash. The
    // setup fails instead, and recovery tries again.
    model.on('error', () => undefined);
    await declareTopology(model, this.options.queues, this.options);
    this.current = model;
    for (const hook of this.hooks) await hook(model);
  }
}

/** Publishes on a confirm channel and resolves once the broker has taken responsibility for the message. */
export function sendConfirmed(
  channel: ConfirmChannel,
  queue: string,
  content: Buffer,
  properties: Options.Publish,
  timeoutMs: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new QueueUnavailableError(`no broker confirm within ${timeoutMs} ms`)), timeoutMs);
    try {
      channel.sendToQueue(queue, content, properties, (error) => {
        clearTimeout(timer);
        if (error) reject(new QueueUnavailableError(`the broker refused the message (${String(error)})`));
        else resolve();
      });
    } catch (error) {
      clearTimeout(timer);
      reject(new QueueUnavailableError((error as Error).message));
    }
  });
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

export function amqpHealthCheck(connection: AmqpConnection): HealthCheck {
  return {
    name: 'rabbitmq',
    required: true,
    check: async () => {
      if (!connection.isConnected()) throw new Error('not connected to the broker');
    },
  };
}
