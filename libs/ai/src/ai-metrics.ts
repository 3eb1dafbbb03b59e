import { histogramMetric, LONG_DURATION_BUCKETS_SECONDS } from '@platform/runtime';

/** OpenTelemetry's `gen_ai.client.operation.duration` for calls to the AI provider, with their outcome. */
const operationDuration = () =>
  histogramMetric({
    name: 'gen_ai_client_operation_duration_seconds',
    help: 'Duration of calls to the AI provider, by operation (chat, embeddings), model and outcome (ok, error).',
    labelNames: ['gen_ai_operation_name', 'gen_ai_request_model', 'outcome'] as const,
    buckets: LONG_DURATION_BUCKETS_SECONDS,
  });

/** Runs one provider call and records its duration and outcome. */
export async function measuredCall<T>(operation: 'chat' | 'embeddings', model: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome = 'error';
  try {
    const result = await call();
    outcome = 'ok';
    return result;
  } finally {
    operationDuration().observe(
      { gen_ai_operation_name: operation, gen_ai_request_model: model, outcome },
      (performance.now() - started) / 1000,
    );
  }
}
