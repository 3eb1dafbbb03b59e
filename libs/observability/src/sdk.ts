import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { AwsInstrumentation } from '@opentelemetry/instrumentation-aws-sdk';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SamplerSetting, TracingSettings } from './settings';

/** The request id header of the shared HTTP bootstrap (libs/runtime), echoed on every response. */
const REQUEST_ID_HEADER = 'x-request-id';

/** Probe paths: polled every few seconds, they would drown the traces that matter. */
const UNTRACED_PATHS = /^\/(health\/(live|ready)|metrics)(\?|$)/;

/**
 * Starts the trace SDK: the global tracer provider (batching OTLP/HTTP JSON exporter), AsyncLocalStorage context,
 * W3C trace context and baggage propagation, and the instrumentations. Loaded only when an endpoint is configured.
 */
export function startSdk(settings: TracingSettings): TracerProvider {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler: samplerOf(settings.sampler),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: settings.tracesUrl, headers: settings.headers, timeoutMillis: 5000 }),
        scheduledDelayMillis: settings.scheduleDelayMs,
        exportTimeoutMillis: 5000,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
        // The request id (the caller's or a generated one) is on the response: a trace store finds the trace by it.
        applyCustomAttributesOnSpan: (span, request, response) => {
          if (!('statusCode' in response) || !(request as IncomingMessage).method) return;
          const id = (response as ServerResponse).getHeader?.(REQUEST_ID_HEADER);
          if (typeof id === 'string') span.setAttribute('request.id', id);
        },
      }),
      // fetch(): the AI provider's calls (the OpenAI SDK) and anything else on undici.
      new UndiciInstrumentation(),
      // Fastify's maintained instrumentation: route template spans; registered on every instance as it is created.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: (options: { url: string }) => UNTRACED_PATHS.test(options.url),
      }),
      new PgInstrumentation(),
      new MongoDBInstrumentation(),
      new IORedisInstrumentation(),
      new AwsInstrumentation(),
      new AmqplibInstrumentation(),
    ],
  });
  return provider;
}

export function samplerOf(setting: SamplerSetting): Sampler {
  switch (setting.name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(setting.ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(setting.ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
