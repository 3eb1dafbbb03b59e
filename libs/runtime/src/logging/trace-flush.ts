import { ProxyTracerProvider, trace } from '@opentelemetry/api';

/** How long a shutdown waits for the last spans to be exported. */
const FLUSH_TIMEOUT_MS = 3000;

/**
 * Exports the spans still buffered and stops the tracer provider, when tracing is on (libs/observability starts it
 * from the app's first import). Through the OpenTelemetry API alone: with tracing off the global provider is the
 * API's no-op and this resolves at once. Bounded, so an unreachable collector cannot hold the shutdown.
 */
export async function flushTraces(timeoutMs = FLUSH_TIMEOUT_MS): Promise<void> {
  const global = trace.getTracerProvider();
  const provider: unknown = global instanceof ProxyTracerProvider ? global.getDelegate() : global;
  if (typeof (provider as { shutdown?: unknown }).shutdown !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    (provider as { shutdown(): Promise<void> }).shutdown().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}
