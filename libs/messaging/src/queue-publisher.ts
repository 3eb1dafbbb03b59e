import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AmqpConnection, sendConfirmed } from './amqp-connection';
import { QueueUnavailableError } from './errors';
import { injectTraceContext, withPublishSpan } from './job-tracing';
import { MESSAGING_OPTIONS, type ResolvedMessagingOptions } from './messaging.options';
import { toMessage } from './message-validation';
import { type QueueDefinition, topologyOf } from './queues';
import { messagingMetrics } from './messaging-metrics';

export const ATTEMPT_HEADER = 'x-attempt';

/**
 * Publishes job messages: validated against the queue's message class, persistent, on a durable queue,
 * and confirmed by the broker before `publish` resolves. A publish that the broker did not confirm
 * rejects with QueueUnavailableError, so callers never report a job as accepted when it was not.
 */
@Injectable()
export class QueuePublisher {
  constructor(
    private readonly connection: AmqpConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: ResolvedMessagingOptions,
  ) {}

  private readonly sent = messagingMetrics.sent();

  /** Returns the job id carried as the message id. */
  async publish<T extends object>(queue: QueueDefinition<T>, message: T, jobId: string = randomUUID()): Promise<string> {
    const checked = await toMessage(queue.message, message, 'strict');
    if (!checked.ok) throw new Error(`refusing to publish an invalid ${queue.name} message: ${checked.reason}`);
    const destination = topologyOf(queue, this.options.queuePrefix).main;
    // The consumer continues the trace from the headers (W3C trace context; nothing is written with tracing off).
    await withPublishSpan({ queue: queue.name, destination, jobId }, async (active) => {
      // The timeout covers opening the publish channel too: a broker that stops answering fails the publish, not hangs it.
      const deadline = Date.now() + this.options.publishTimeoutMs;
      const channel = await within(this.connection.publishChannel(), this.options.publishTimeoutMs);
      await sendConfirmed(
        channel,
        destination,
        Buffer.from(JSON.stringify(checked.value)),
        {
          persistent: true,
          contentType: 'application/json',
          messageId: jobId,
          timestamp: Math.floor(Date.now() / 1000),
          headers: injectTraceContext({ [ATTEMPT_HEADER]: 1 }, active),
        },
        Math.max(1, deadline - Date.now()),
      );
    });
    this.sent.inc({ messaging_destination_name: queue.name });
    return jobId;
  }
}

/** `work`, or QueueUnavailableError once `timeoutMs` has passed without it. */
function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new QueueUnavailableError(`no publish channel within ${timeoutMs} ms`)), timeoutMs)),
  );
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
