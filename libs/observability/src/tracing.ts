import { type TracingSettings, tracingSettings } from './settings';

export interface StartedTracing {
  settings: TracingSettings;
  /** Exports the spans still buffered, then stops the SDK. */
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry tracing for a service when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise returns undefined
 * without loading the SDK or patching any module. Must run before any instrumented module (http, fastify, pg,
 * mongodb, ioredis, the AWS SDK, amqplib) is loaded: each app calls it from its own `src/tracing.ts`, the first
 * import of its main.ts. The app's shutdown flushes the spans (libs/runtime `flushTraces`).
 */
export function startTracing(service: string, env: Record<string, string | undefined> = process.env): StartedTracing | undefined {
  const settings = tracingSettings(service, env);
  if (!settings) return undefined;
  // Loaded here, synchronously, so the SDK and its instrumentations cost nothing when tracing is off and are in
  // place before the next import of main.ts runs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSdk } = require('./sdk') as typeof import('./sdk');
  const provider = startSdk(settings);
  return { settings, shutdown: () => provider.shutdown() };
}
