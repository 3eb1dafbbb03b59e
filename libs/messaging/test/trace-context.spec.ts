import { Injectable, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { IsNotEmpty, IsString } from 'class-validator';
import { testServices, useTestScope, waitFor } from '@platform/testing/harness';
import { type JobContext, MessagingModule, QueueConsumer, QueuePublisher, defineQueue } from '../src';

class TraceJob {
  @IsString() @IsNotEmpty() id!: string;
}

const TRACE_QUEUE = defineQueue('trace-test', TraceJob);

/** Records the active trace and the message's headers view of each delivery; fails the first attempt when asked. */
@Injectable()
class TraceRecorder extends QueueConsumer<TraceJob> {
  readonly queue = TRACE_QUEUE;
  deliveries: Array<{ id: string; attempt: number; traceId?: string; spanId?: string }> = [];
  failFirst = new Set<string>();

  async handle(message: TraceJob, job: JobContext): Promise<void> {
    const span = trace.getActiveSpan()?.spanContext();
    this.deliveries.push({ id: message.id, attempt: job.attempt, traceId: span?.traceId, spanId: span?.spanId });
    if (this.failFirst.has(message.id) && job.attempt === 1) throw new Error('first attempt fails');
  }
}

/**
 * Trace context across the broker through the OpenTelemetry API, with an in-memory SDK registered in the test (the
 * apps' auto-instrumentation cannot run under Jest; apps/race-content-api/test/tracing.e2e.spec.ts runs it for real).
 */
describe('trace context through RabbitMQ', () => {
  const scope = useTestScope('msgtrace');
  const prefix = scope.queuePrefix([TRACE_QUEUE]);
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  let app: INestApplicationContext;
  let recorder: TraceRecorder;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    @Module({
      imports: [MessagingModule.forRoot({ url: testServices.amqpUrl, queues: [TRACE_QUEUE], queuePrefix: prefix, retryDelayMs: 50 })],
      providers: [TraceRecorder],
    })
    class TraceModule {}
    app = scope.track('the app', await NestFactory.createApplicationContext(TraceModule, { logger: false }));
    await app.init();
    recorder = app.get(TraceRecorder);
  });

  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  const spansNamed = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name);

  it('continues the publisher trace in a CONSUMER job span, and keeps it through a retry from the retry queue', async () => {
    recorder.failFirst.add('retried');
    const publisher = app.get(QueuePublisher);
    const request = trace.getTracer('test').startSpan('POST /request', { kind: SpanKind.SERVER });
    const jobId = await context.with(trace.setSpan(context.active(), request), () => publisher.publish(TRACE_QUEUE, { id: 'retried' }));
    request.end();
    const traceId = request.spanContext().traceId;

    const deliveries = await waitFor(() => (recorder.deliveries.length === 2 ? recorder.deliveries : undefined), { what: 'two attempts' });
    expect(deliveries.map((d) => [d.attempt, d.traceId])).toEqual([
      [1, traceId],
      [2, traceId],
    ]);
    const [publish] = spansNamed('trace-test publish');
    expect(publish).toMatchObject({
      kind: SpanKind.PRODUCER,
      parentSpanContext: expect.objectContaining({ spanId: request.spanContext().spanId }),
      attributes: expect.objectContaining({
        'messaging.system': 'rabbitmq',
        'messaging.destination.name': `${prefix}trace-test`,
        'messaging.message.id': jobId,
      }),
    });
    const jobs = await waitFor(() => (spansNamed('trace-test process').length === 2 ? spansNamed('trace-test process') : undefined), {
      what: 'two job spans',
    });
    const [first, second] = jobs.sort(
      (a, b) => Number(a.attributes['messaging.rabbitmq.job.attempt']) - Number(b.attributes['messaging.rabbitmq.job.attempt']),
    );
    // The handler ran inside the job span; the first attempt failed, the retry is its child in the same trace.
    expect(first).toMatchObject({
      kind: SpanKind.CONSUMER,
      status: expect.objectContaining({ code: 2, message: 'first attempt fails' }),
      parentSpanContext: expect.objectContaining({ spanId: publish.spanContext().spanId }),
      attributes: expect.objectContaining({ 'messaging.message.id': jobId, 'messaging.rabbitmq.job.attempt': 1 }),
    });
    expect(deliveries[0].spanId).toBe(first.spanContext().spanId);
    expect(second.spanContext().traceId).toBe(traceId);
    expect(second.parentSpanContext?.spanId).toBe(first.spanContext().spanId);
    expect(second.status.code).not.toBe(2);
  });

  it('with no trace active, the publish starts a trace and the job continues it', async () => {
    await app.get(QueuePublisher).publish(TRACE_QUEUE, { id: 'untraced' });
    const delivery = await waitFor(() => recorder.deliveries.find((d) => d.id === 'untraced'), { what: 'the untraced job' });
    const publish = spansNamed('trace-test publish').at(-1)!;
    // The publish span is a root; the job continues it.
    expect(publish.parentSpanContext).toBeUndefined();
    expect(delivery.traceId).toBe(publish.spanContext().traceId);
  });
});
