import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { isDependencyUnavailable } from '@platform/contracts';
import type { Span } from '@opentelemetry/api';
import type { ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { AmqpConnection, sendConfirmed } from './amqp-connection';
import { PermanentJobError } from './errors';
import { injectTraceContext, markJobFailed, withJobSpan } from './job-tracing';
import { decodeJson, toMessage } from './message-validation';
import { type JobOutcome, messagingMetrics } from './messaging-metrics';
import { MESSAGING_OPTIONS, type ResolvedMessagingOptions } from './messaging.options';
import { ATTEMPT_HEADER } from './queue-publisher';
import { type JobContext, QueueConsumer } from './queue-consumer';
import { topologyOf } from './queues';

const ERROR_HEADER = 'x-last-error';
/** Retries a job spent waiting for a dependency to come back; they do not use up its attempts. */
const OUTAGE_HEADER = 'x-outage-retries';

interface Subscription {
  channel: ConfirmChannel;
  consumerTag: string;
}

/**
 * Subscribes every QueueConsumer provider of the app: one confirm channel per consumer with its prefetch,
 * manual acks, bounded retries through the retry queue, then the dead-letter queue. On shutdown it stops
 * taking deliveries and waits for in-flight handlers before the connection closes; anything still
 * unacknowledged goes back to the queue.
 */
@Injectable()
export class ConsumerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Consumers');
  private readonly inFlight = new Set<Promise<void>>();
  private readonly metrics = {
    consumed: messagingMetrics.consumed(),
    retried: messagingMetrics.retried(),
    deadLettered: messagingMetrics.deadLettered(),
    duration: messagingMetrics.processDuration(),
  };
  private subscriptions: Subscription[] = [];
  private stopping = false;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly connection: AmqpConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: ResolvedMessagingOptions,
  ) {}

  consumers(): QueueConsumer<object>[] {
    return this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is QueueConsumer<object> => instance instanceof QueueConsumer);
  }

  async onApplicationBootstrap(): Promise<void> {
    const consumers = this.consumers();
    if (consumers.length === 0) return;
    await this.connection.onConnect((model) => this.subscribe(model, consumers));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.subscriptions.map(({ channel, consumerTag }) => channel.cancel(consumerTag).catch(() => undefined)));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.drainTimeoutMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]), deadline]);
    clearTimeout(timer);
    if (this.inFlight.size > 0) this.logger.warn(`${this.inFlight.size} job(s) still running at shutdown: requeued`);
  }

  private async subscribe(model: ChannelModel, consumers: QueueConsumer<object>[]): Promise<void> {
    if (this.stopping) return;
    this.subscriptions = [];
    for (const consumer of consumers) {
      const channel = await model.createConfirmChannel();
      channel.on('error', (error: Error) => this.logger.warn(`${consumer.queue.name} channel error: ${error.message}`));
      await channel.prefetch(this.options.prefetch);
      const { consumerTag } = await channel.consume(
        topologyOf(consumer.queue, this.options.queuePrefix).main,
        (message) => {
          if (message) this.track(this.deliver(consumer, channel, message));
        },
        { noAck: false },
      );
      this.subscriptions.push({ channel, consumerTag });
      this.logger.log(`consuming ${consumer.queue.name}`);
    }
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Runs a delivery inside its job span, which continues the publisher's trace; the job's log lines carry its ids. */
  private deliver(consumer: QueueConsumer<object>, channel: ConfirmChannel, message: ConsumeMessage): Promise<void> {
    const context: JobContext = {
      queue: consumer.queue.name,
      jobId: String(message.properties.messageId ?? 'unknown'),
      attempt: Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 1) || 1,
      maxAttempts: this.options.maxAttempts,
      redelivered: message.fields.redelivered,
    };
    const destination = topologyOf(consumer.queue, this.options.queuePrefix).main;
    return withJobSpan({ ...context, destination }, message.properties.headers, (span) =>
      this.measure(consumer, channel, message, context, span),
    );
  }

  private async measure(
    consumer: QueueConsumer<object>,
    channel: ConfirmChannel,
    message: ConsumeMessage,
    context: JobContext,
    span: Span,
  ): Promise<void> {
    const log = { queue: context.queue, jobId: context.jobId, attempt: context.attempt };
    const labels = { messaging_destination_name: context.queue };
    this.metrics.consumed.inc(labels);
    const started = Date.now();
    const outcome = await this.process(consumer, channel, message, context, log, started, span);
    this.metrics.duration.observe({ ...labels, outcome }, (Date.now() - started) / 1000);
    if (outcome === 'retry') this.metrics.retried.inc(labels);
    if (outcome === 'dead_letter') this.metrics.deadLettered.inc(labels);
  }

  private async process(
    consumer: QueueConsumer<object>,
    channel: ConfirmChannel,
    message: ConsumeMessage,
    context: JobContext,
    log: Record<string, unknown>,
    started: number,
    span: Span,
  ): Promise<JobOutcome> {
    const payload = decodeJson(message.content);
    const parsed = await toMessage(consumer.queue.message, payload, 'lenient');
    if (!parsed.ok) {
      markJobFailed(span, new Error(`malformed message: ${parsed.reason}`));
      this.logger.error({ ...log, reason: parsed.reason }, 'malformed job message: dead-lettered');
      await consumer.onMalformed(payload, parsed.reason, context).catch((hookError: Error) => {
        this.logger.error({ ...log, err: hookError.message }, 'recording the malformed job failed');
      });
      await this.settle(channel, message, 'dead', context, `malformed message: ${parsed.reason}`);
      return 'dead_letter';
    }
    try {
      await consumer.handle(parsed.value, context);
      this.logger.log({ ...log, durationMs: Date.now() - started }, 'job done');
      this.ack(channel, message);
      return 'success';
    } catch (caught) {
      // An error from another realm (a driver's, under a test runner) is still an error: keep its message.
      const error =
        caught instanceof Error || (typeof caught === 'object' && caught !== null && 'message' in caught)
          ? (caught as Error)
          : new Error(String(caught));
      markJobFailed(span, error);
      const outages = Number(message.properties.headers?.[OUTAGE_HEADER] ?? 0) || 0;
      if (!(error instanceof PermanentJobError) && isDependencyUnavailable(caught) && outages < this.options.maxOutageRetries) {
        // A store or broker the job needs is restarting: the job waits for it without spending an attempt.
        this.logger.warn(
          { ...log, durationMs: Date.now() - started, err: error.message, outages: outages + 1 },
          'job waits for a dependency',
        );
        await this.settle(channel, message, 'wait', context, error.message);
        return 'outage';
      }
      const final = error instanceof PermanentJobError || context.attempt >= context.maxAttempts;
      this.logger.warn({ ...log, durationMs: Date.now() - started, err: error.message, final }, 'job failed');
      if (!final) {
        await this.settle(channel, message, 'retry', context, error.message);
        return 'retry';
      }
      await consumer.onFinalFailure(parsed.value, error, context).catch((hookError: Error) => {
        this.logger.error({ ...log, err: hookError.message }, 'recording the final failure failed');
      });
      await this.settle(channel, message, 'dead', context, error.message);
      return 'dead_letter';
    }
  }

  /**
   * Moves the message to its retry queue (`retry`: the next attempt; `wait`: the same attempt again after an outage) or
   * its dead-letter queue, confirmed, then acks the original delivery.
   */
  private async settle(
    channel: ConfirmChannel,
    message: ConsumeMessage,
    to: 'retry' | 'wait' | 'dead',
    context: JobContext,
    reason: string,
  ): Promise<void> {
    const topology = topologyOf(context.queue, this.options.queuePrefix);
    try {
      await sendConfirmed(
        channel,
        to === 'dead' ? topology.dead : topology.retry,
        message.content,
        {
          persistent: true,
          contentType: message.properties.contentType,
          messageId: message.properties.messageId,
          // The copied headers keep the trace context; with tracing on, the next attempt becomes a child of this one.
          headers: injectTraceContext({
            ...message.properties.headers,
            [ATTEMPT_HEADER]: to === 'retry' ? context.attempt + 1 : context.attempt,
            [ERROR_HEADER]: reason.slice(0, 500),
            ...(to === 'wait' ? { [OUTAGE_HEADER]: (Number(message.properties.headers?.[OUTAGE_HEADER] ?? 0) || 0) + 1 } : {}),
          }),
          ...(to === 'dead' ? {} : { expiration: String(this.options.retryDelayMs) }),
        },
        this.options.publishTimeoutMs,
      );
    } catch (error) {
      // Not moved, so not acked: the broker redelivers the original once the channel is gone.
      this.logger.error({ queue: context.queue, jobId: context.jobId, err: (error as Error).message }, 'could not move a failed job');
      return;
    }
    this.ack(channel, message);
  }

  private ack(channel: ConfirmChannel, message: ConsumeMessage): void {
    try {
      channel.ack(message);
    } catch {
      // The channel closed under us; the broker requeues the delivery and the idempotent handler copes.
    }
  }
}
