import { enableCompileCache } from 'node:module';
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
  // Every app calls this first, before its own modules load: the place to turn on Node's on-disk compile cache
  // (os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE), so a restart compiles none of the ~2,000 modules it loads
  // again (15 % less CPU and a quarter less wall time to start recruiting-api on a loaded machine;
  // docs/decisions.md, "Node's compile cache at start"). Where the directory cannot be written the cache is simply off.
  enableCompileCache?.();
  const settings = tracingSettings(service, env);
  if (!settings) return undefined;
  // Loaded here, synchronously, so the SDK and its instrumentations cost nothing when tracing is off and are in
  // place before the next import of main.ts runs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSdk } = require('./sdk') as typeof import('./sdk');
  const provider = startSdk(settings);
  return { settings, shutdown: () => provider.shutdown() };
}
