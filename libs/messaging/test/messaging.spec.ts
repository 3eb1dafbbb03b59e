import { Injectable, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, type Channel, type ChannelModel } from 'amqplib';
import { IsNotEmpty, IsString } from 'class-validator';
import { register } from 'prom-client';
import { startTcpGate, testServices, useTestScope, waitFor } from '@platform/testing/harness';
import {
  AMQP_CLOSE_TIMEOUT_MS,
  AmqpConnection,
  type JobContext,
  MessagingModule,
  PermanentJobError,
  QueueConsumer,
  QueuePublisher,
  QueueStats,
  QueueUnavailableError,
  defineQueue,
  topologyOf,
} from '../src';

/** A job of the test's own queue; services declare theirs the same way. */
class TestJob {
  @IsString() @IsNotEmpty() blog_id!: string;
  @IsString() @IsNotEmpty() race_id!: string;
}

const TEST_QUEUE = defineQueue('messaging-test', TestJob);

/** Records deliveries; what it does with each is up to the test. */
@Injectable()
class ThumbnailRecorder extends QueueConsumer<TestJob> {
  readonly queue = TEST_QUEUE;
  deliveries: Array<{ blogId: string; context: JobContext }> = [];
  finalFailures: Array<{ blogId: string; error: string }> = [];
  behaviour: (message: TestJob, context: JobContext) => Promise<void> = async () => undefined;

  async handle(message: TestJob, context: JobContext): Promise<void> {
    this.deliveries.push({ blogId: message.blog_id, context });
    await this.behaviour(message, context);
  }

  override async onFinalFailure(message: TestJob, error: Error): Promise<void> {
    this.finalFailures.push({ blogId: message.blog_id, error: error.message });
  }
}

describe('messaging lib against the real RabbitMQ', () => {
  const scope = useTestScope('msg');
  const prefix = scope.queuePrefix([TEST_QUEUE]);
  const topology = topologyOf(TEST_QUEUE, prefix);
  let worker: INestApplicationContext;
  let publisherApp: INestApplicationContext;
  let recorder: ThumbnailRecorder;
  let publisher: QueuePublisher;
  let inspector: ChannelModel;
  let inspect: Channel;

  async function startWorker(): Promise<INestApplicationContext> {
    @Module({
      imports: [
        MessagingModule.forRoot({
          url: testServices.amqpUrl,
          queues: [TEST_QUEUE],
          queuePrefix: prefix,
          maxAttempts: 3,
          maxOutageRetries: 4,
          retryDelayMs: 50,
        }),
      ],
      providers: [ThumbnailRecorder],
    })
    class WorkerModule {}
    const app = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await app.init();
    return app;
  }

  const job = (blogId: string) => ({ blog_id: blogId, race_id: 'race-1' });
  const depth = async (queue: string) => (await inspect.checkQueue(queue)).messageCount;

  beforeAll(async () => {
    @Module({ imports: [MessagingModule.forRoot({ url: testServices.amqpUrl, queues: [TEST_QUEUE], queuePrefix: prefix })] })
    class PublisherModule {}
    publisherApp = scope.track('the publisher', await NestFactory.createApplicationContext(PublisherModule, { logger: false }));
    publisher = publisherApp.get(QueuePublisher);
    worker = await startWorker();
    // The test replaces the worker, so the closer asks for the current one.
    scope.defer('the worker', () => worker?.close());
    recorder = worker.get(ThumbnailRecorder);
    inspector = scope.track('the inspecting connection', await connect(testServices.amqpUrl));
    inspect = await inspector.createChannel();
  });

  beforeEach(() => {
    recorder.deliveries = [];
    recorder.finalFailures = [];
    recorder.behaviour = async () => undefined;
  });

  it('declares durable main, retry and dead-letter queues', async () => {
    for (const name of [topology.main, topology.retry, topology.dead]) {
      await expect(inspect.checkQueue(name)).resolves.toMatchObject({ queue: name });
    }
  });

  it('delivers a published job, persistent and confirmed, with its id and attempt 1, and acks it', async () => {
    const jobId = await publisher.publish(TEST_QUEUE, job('blog-ok'));
    const delivery = await waitFor(() => recorder.deliveries.find((d) => d.blogId === 'blog-ok'), { what: 'delivery' });
    expect(delivery.context).toMatchObject({ jobId, attempt: 1, redelivered: false, queue: 'messaging-test' });
    await waitFor(async () => ((await depth(topology.main)) === 0 ? true : undefined), { what: 'ack' });
  });

  it('refuses to publish a message its queue type does not accept', async () => {
    await expect(publisher.publish(TEST_QUEUE, { blog_id: '' } as never)).rejects.toThrow(/invalid messaging-test message/);
  });

  it('retries a failing handler up to the attempt limit, records the final failure, then dead-letters', async () => {
    recorder.behaviour = async () => {
      throw new Error('render service unavailable');
    };
    const jobId = await publisher.publish(TEST_QUEUE, job('blog-fails'));
    await waitFor(() => (recorder.finalFailures.length === 1 ? true : undefined), { what: 'final failure' });
    expect(recorder.deliveries.map((d) => d.context.attempt)).toEqual([1, 2, 3]);
    expect(recorder.finalFailures).toEqual([{ blogId: 'blog-fails', error: 'render service unavailable' }]);
    const dead = await waitFor(async () => (await inspect.get(topology.dead, { noAck: true })) || undefined, { what: 'DLQ' });
    expect(JSON.parse(dead.content.toString())).toEqual(job('blog-fails'));
    expect(dead.properties.messageId).toBe(jobId);
    expect(dead.properties.headers).toMatchObject({ 'x-attempt': 3, 'x-last-error': 'render service unavailable' });
    expect(await depth(topology.main)).toBe(0);
    expect(await depth(topology.retry)).toBe(0);
  });

  it('counts what it publishes, consumes, retries and dead-letters, times each delivery by outcome, and reads its queues for the metrics', async () => {
    const of = { messaging_destination_name: TEST_QUEUE.name };
    // The sum of a metric's samples with these labels; `name` may be a histogram's `_count` series.
    const value = async (name: string, labels: Record<string, string> = of) => {
      const metric = register.getSingleMetric(name.replace(/_count$/, ''));
      if (!metric) return 0;
      const matching = (await metric.get()).values.filter(
        (sample) =>
          ((sample as { metricName?: string }).metricName ?? name) === name &&
          Object.entries(labels).every(([key, v]) => (sample.labels as Record<string, unknown>)[key] === v),
      );
      return matching.reduce((sum, sample) => sum + sample.value, 0);
    };
    const snapshot = async () => ({
      sent: await value('messaging_client_sent_messages_total'),
      consumed: await value('messaging_client_consumed_messages_total'),
      retried: await value('messaging_job_retries_total'),
      dead: await value('messaging_job_dead_lettered_total'),
      succeeded: await value('messaging_process_duration_seconds_count', { ...of, outcome: 'success' }),
      deadTimed: await value('messaging_process_duration_seconds_count', { ...of, outcome: 'dead_letter' }),
    });
    const before = await snapshot();
    recorder.behaviour = async (message) => {
      if (message.blog_id === 'metrics-fails') throw new Error('render service unavailable');
    };
    await publisher.publish(TEST_QUEUE, job('metrics-ok'));
    await publisher.publish(TEST_QUEUE, job('metrics-fails'));
    await waitFor(() => (recorder.finalFailures.length === 1 && recorder.deliveries.length === 4 ? true : undefined), {
      what: 'both jobs',
    });
    const after = await waitFor(
      async () => {
        const now = await snapshot();
        return now.succeeded + now.deadTimed === before.succeeded + before.deadTimed + 2 ? now : undefined;
      },
      { what: 'the deliveries to be timed' },
    );
    expect(after).toEqual({
      sent: before.sent + 2,
      consumed: before.consumed + 4,
      retried: before.retried + 2,
      dead: before.dead + 1,
      succeeded: before.succeeded + 1,
      deadTimed: before.deadTimed + 1,
    });
    // The depth and consumers of the app's queues, as the broker reports them.
    await worker.get(QueueStats).refresh();
    expect(await value('rabbitmq_queue_messages', { queue: topology.dead })).toBe(await depth(topology.dead));
    expect(await value('rabbitmq_queue_messages', { queue: topology.dead })).toBeGreaterThanOrEqual(1);
    expect(await value('rabbitmq_queue_consumers', { queue: topology.main })).toBe(1);
    await inspect.purgeQueue(topology.dead);
  });

  const outage = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('waits out a dependency outage without spending attempts, then finishes the job', async () => {
    let failures = 0;
    recorder.behaviour = async () => {
      if (failures++ < 4) throw outage();
    };
    await publisher.publish(TEST_QUEUE, job('blog-outage'));
    await waitFor(() => (recorder.deliveries.length === 5 ? true : undefined), { what: 'five deliveries' });
    expect(recorder.deliveries.map((d) => d.context.attempt)).toEqual([1, 1, 1, 1, 1]);
    await waitFor(async () => ((await depth(topology.main)) + (await depth(topology.retry)) === 0 ? true : undefined), { what: 'ack' });
    expect(recorder.finalFailures).toEqual([]);
    expect(await depth(topology.dead)).toBe(0);
  });

  it('counts an outage that outlasts its allowance as failed attempts, so a dependency that never returns ends in the dead-letter queue', async () => {
    recorder.behaviour = async () => {
      throw outage();
    };
    await publisher.publish(TEST_QUEUE, job('blog-never'));
    await waitFor(() => (recorder.finalFailures.length === 1 ? true : undefined), { what: 'final failure' });
    expect(recorder.deliveries.map((d) => d.context.attempt)).toEqual([1, 1, 1, 1, 1, 2, 3]);
    const dead = await waitFor(async () => (await inspect.get(topology.dead, { noAck: true })) || undefined, { what: 'DLQ' });
    expect(dead.properties.headers).toMatchObject({ 'x-attempt': 3, 'x-outage-retries': 4 });
  });

  it('dead-letters a permanent failure after one attempt', async () => {
    recorder.behaviour = async () => {
      throw new PermanentJobError('blog was deleted');
    };
    await publisher.publish(TEST_QUEUE, job('blog-gone'));
    await waitFor(() => (recorder.finalFailures.length === 1 ? true : undefined), { what: 'final failure' });
    expect(recorder.deliveries).toHaveLength(1);
    const dead = await waitFor(async () => (await inspect.get(topology.dead, { noAck: true })) || undefined, { what: 'DLQ' });
    expect(dead.properties.headers).toMatchObject({ 'x-attempt': 1, 'x-last-error': 'blog was deleted' });
  });

  it('dead-letters a malformed message without calling the handler', async () => {
    inspect.sendToQueue(topology.main, Buffer.from('{"blog_id": 42'), { persistent: true, messageId: 'broken' });
    const dead = await waitFor(async () => (await inspect.get(topology.dead, { noAck: true })) || undefined, { what: 'DLQ' });
    expect(dead.properties.messageId).toBe('broken');
    expect(String(dead.properties.headers?.['x-last-error'])).toMatch(/malformed message/);
    expect(recorder.deliveries).toHaveLength(0);
  });

  it('loses nothing when the consumer connection drops while a job is unacked: it is redelivered after reconnect', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    recorder.behaviour = async (_message, context) => {
      if (!context.redelivered) await held;
    };
    await publisher.publish(TEST_QUEUE, job('blog-held'));
    await waitFor(() => (recorder.deliveries.length === 1 ? true : undefined), { what: 'first delivery' });

    // A network failure: the socket goes away under the connection while the job is in the handler.
    const connection = worker.get(AmqpConnection);
    (connection.currentModel() as unknown as { connection: { stream: { destroy(error: Error): void } } }).connection.stream.destroy(
      new Error('simulated network failure'),
    );
    release();

    const again = await waitFor(() => recorder.deliveries.find((d) => d.context.redelivered), { what: 'redelivery', timeoutMs: 15_000 });
    expect(again.blogId).toBe('blog-held');
    await waitFor(async () => ((await depth(topology.main)) === 0 ? true : undefined), { what: 'ack after reconnect' });
    expect(await depth(topology.dead)).toBe(0);
  });

  it('fails a publish at once with QueueUnavailableError while the broker connection is down', async () => {
    const connection = publisherApp.get(AmqpConnection);
    const lost = new Promise<void>((resolve) => {
      const poll = setInterval(() => !connection.isConnected() && (clearInterval(poll), resolve()), 1);
    });
    (connection.currentModel() as unknown as { connection: { stream: { destroy(error: Error): void } } }).connection.stream.destroy(
      new Error('simulated network failure'),
    );
    await lost;
    await expect(publisher.publish(TEST_QUEUE, job('blog-offline'))).rejects.toBeInstanceOf(QueueUnavailableError);
    await waitFor(() => (connection.isConnected() ? true : undefined), { what: 'reconnect' });
    await expect(publisher.publish(TEST_QUEUE, job('blog-back'))).resolves.toEqual(expect.any(String));
    await waitFor(() => recorder.deliveries.find((d) => d.blogId === 'blog-back'), { what: 'delivery after reconnect' });
  });

  it('drains on shutdown: an in-flight job finishes and is acked before the connection closes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    recorder.behaviour = () => held;
    await publisher.publish(TEST_QUEUE, job('blog-draining'));
    await waitFor(() => (recorder.deliveries.length === 1 ? true : undefined), { what: 'delivery' });
    const closing = worker.close();
    setImmediate(release);
    await closing;
    expect(await depth(topology.main)).toBe(0);
    worker = await startWorker();
    recorder = worker.get(ThumbnailRecorder);
    expect(await depth(topology.main)).toBe(0);
  });

  it('closes without waiting forever when the broker connection dies in the same moment', async () => {
    @Module({ imports: [MessagingModule.forRoot({ url: testServices.amqpUrl, queues: [TEST_QUEUE], queuePrefix: prefix })] })
    class Dying {}
    const app = await NestFactory.createApplicationContext(Dying, { logger: false });
    const connection = app.get(AmqpConnection);
    // The socket goes and the close is asked for before the connection has heard of it: the broker's close-ok never comes.
    (connection.currentModel() as unknown as { connection: { stream: { destroy(error: Error): void } } }).connection.stream.destroy(
      new Error('simulated network failure'),
    );
    const started = Date.now();
    await connection.close();
    expect(Date.now() - started).toBeLessThan(AMQP_CLOSE_TIMEOUT_MS + 1000);
    expect(connection.isConnected()).toBe(false);
    await app.close();
  });

  describe('when the connection dies while a channel is closing (its close-ok never comes)', () => {
    let gate: Awaited<ReturnType<typeof startTcpGate>>;
    let app: INestApplicationContext;

    beforeEach(async () => {
      gate = await startTcpGate(Number(new URL(testServices.amqpUrl).port || 5672));
      const url = new URL(testServices.amqpUrl);
      url.port = String(gate.port);
      @Module({
        imports: [
          MessagingModule.forRoot({ url: url.toString(), queues: [TEST_QUEUE], queuePrefix: prefix, queueStatsIntervalMs: 600_000 }),
        ],
      })
      class ThroughGate {}
      app = await NestFactory.createApplicationContext(ThroughGate, { logger: false });
      // The first reading of the queue figures, started with the app, is over.
      await app.get(QueueStats).refresh();
    });
    afterEach(async () => {
      await gate.close();
      await app.close();
    });

    const settledWithin = (work: Promise<unknown>, ms: number) =>
      Promise.race([work.then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, ms, false))]);

    it('the queue figures are read to the end and the app shuts down at once', async () => {
      const closing = gate.holdNext('Goodbye');
      const reading = app.get(QueueStats).refresh();
      await closing;
      await gate.close();
      expect(await settledWithin(reading, 5000)).toBe(true);
      const started = Date.now();
      expect(await settledWithin(app.close(), AMQP_CLOSE_TIMEOUT_MS + 3000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(AMQP_CLOSE_TIMEOUT_MS + 1000);
    });

    it('recovery goes on: a reconnect cut while declaring the queues is followed by another that succeeds', async () => {
      const connection = app.get(AmqpConnection);
      gate.cut();
      await waitFor(() => (connection.isConnected() ? undefined : true), { what: 'the outage to be seen' });
      // The reconnect declares the queues, each on a channel it closes: the first of those closes is held, then cut.
      const declaring = gate.holdNext('Goodbye');
      gate.restore();
      await declaring;
      gate.cut();
      gate.restore();
      await waitFor(() => (connection.isConnected() ? true : undefined), { what: 'the next reconnect', timeoutMs: 20_000 });
      await expect(app.get(QueuePublisher).publish(TEST_QUEUE, job('blog-after-cut-declare'))).resolves.toEqual(expect.any(String));
    });
  });

  it('fails a publish within its timeout when the broker stops answering before the publish channel opens', async () => {
    const gate = await startTcpGate(Number(new URL(testServices.amqpUrl).port || 5672));
    const url = new URL(testServices.amqpUrl);
    url.port = String(gate.port);
    @Module({
      imports: [
        MessagingModule.forRoot({
          url: url.toString(),
          queues: [TEST_QUEUE],
          queuePrefix: prefix,
          publishTimeoutMs: 1000,
          queueStatsIntervalMs: 600_000,
        }),
      ],
    })
    class Stalled {}
    const app = await NestFactory.createApplicationContext(Stalled, { logger: false });
    try {
      await app.get(QueueStats).refresh();
      // The first publish opens the publish channel: its channel.open (method 20.10) is held, never answered.
      const opening = gate.holdNext('\u0000\u0014\u0000\u000a');
      const started = Date.now();
      const publishing = app.get(QueuePublisher).publish(TEST_QUEUE, job('blog-stalled'));
      await opening;
      await expect(publishing).rejects.toBeInstanceOf(QueueUnavailableError);
      expect(Date.now() - started).toBeLessThan(1000 + 2000);
    } finally {
      await gate.close();
      await app.close();
    }
  });

  it('stops start-up with a clear error when the broker does not answer', async () => {
    @Module({
      imports: [MessagingModule.forRoot({ url: 'amqp://guest:guest@127.0.0.1:1', queues: [TEST_QUEUE], initialConnectAttempts: 1 })],
    })
    class Unreachable {}
    const started = Date.now();
    await expect(NestFactory.createApplicationContext(Unreachable, { logger: false, abortOnError: false })).rejects.toThrow(
      /RabbitMQ at amqp:\/\/\*\*\*@127\.0\.0\.1:1 did not answer/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
