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
import type { SamplerSetting, TracingSettings } from './settings';

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
      // Outgoing calls only (the AWS SDK's). Each app writes its own server span in its Fastify hooks (libs/runtime
      // request-spans.ts): the http and Fastify instrumentations each halved the throughput of the cheapest route,
      // even for the requests they did not sample (docs/decisions.md, "Tracing and correlated logs").
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      // fetch(): the AI provider's calls (the OpenAI SDK) and anything else on undici.
      new UndiciInstrumentation(),
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
