import { type Context, context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { MessagePropertyHeaders } from 'amqplib';

/**
 * Trace context across RabbitMQ (W3C `traceparent`/`tracestate` in the message headers), through the OpenTelemetry
 * API only: with tracing off the API is a no-op, nothing is written and no span is made.
 */
const tracer = trace.getTracer('@platform/messaging');

const textMap = {
  get: (headers: MessagePropertyHeaders | undefined, key: string) => {
    const value: unknown = headers?.[key];
    // Headers written by another client may arrive as bytes.
    return Buffer.isBuffer(value) ? value.toString('utf8') : typeof value === 'string' ? value : undefined;
  },
  keys: (headers: MessagePropertyHeaders | undefined) => Object.keys(headers ?? {}),
};

/** Writes the active context (`traceparent`, `tracestate`, baggage) into the headers, replacing any carried before. */
export function injectTraceContext(headers: Record<string, unknown>, active: Context = context.active()): Record<string, unknown> {
  propagation.inject(active, headers);
  return headers;
}

interface SpanTarget {
  queue: string;
  destination: string;
  jobId: string;
}

/** OpenTelemetry's messaging attributes every publish and job span carries. */
function messagingAttributes(target: SpanTarget, operation: 'send' | 'process') {
  return {
    'messaging.system': 'rabbitmq',
    'messaging.operation.type': operation,
    'messaging.destination.name': target.destination,
    'messaging.message.id': target.jobId,
  };
}

/** Runs a publish inside a PRODUCER span `<queue> publish`; its context goes into the message's headers. */
export async function withPublishSpan<T>(target: SpanTarget, publish: (active: Context) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(
    `${target.queue} publish`,
    {
      kind: SpanKind.PRODUCER,
      attributes: messagingAttributes(target, 'send'),
    },
    (span) => ended(span, () => publish(context.active())),
  );
}

/**
 * Runs a job inside a CONSUMER span `<queue> process`, a child of the publisher's context carried in the headers (or
 * of amqplib's own consume span, when its instrumentation is on and made one from the same headers).
 */
export async function withJobSpan<T>(
  target: SpanTarget & { attempt: number; redelivered: boolean },
  headers: MessagePropertyHeaders | undefined,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const active = context.active();
  const parent = trace.getSpan(active) ? active : propagation.extract(active, headers, textMap);
  return tracer.startActiveSpan(
    `${target.queue} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...messagingAttributes(target, 'process'),
        'messaging.rabbitmq.job.attempt': target.attempt,
        'messaging.rabbitmq.message.redelivered': target.redelivered,
      },
    },
    parent,
    (span) => ended(span, () => work(span)),
  );
}

async function ended<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a job span failed (the job goes to its retry queue or dead letters; the span still ends normally). */
export function markJobFailed(span: Span, error: Error): void {
  span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}
