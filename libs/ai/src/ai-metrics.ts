import { histogramMetric, LONG_DURATION_BUCKETS_SECONDS, withOutcome } from '@platform/runtime';

/** OpenTelemetry's `gen_ai.client.operation.duration` for calls to the AI provider, with their outcome. */
const operationDuration = () =>
  histogramMetric({
    name: 'gen_ai_client_operation_duration_seconds',
    help: 'Duration of calls to the AI provider, by operation (chat, embeddings), model and outcome (ok, error).',
    labelNames: ['gen_ai_operation_name', 'gen_ai_request_model', 'outcome'] as const,
    buckets: LONG_DURATION_BUCKETS_SECONDS,
  });

/** Runs one provider call and records its duration and outcome. */
export function measuredCall<T>(operation: 'chat' | 'embeddings', model: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  return withOutcome(call, (outcome) =>
    operationDuration().observe(
      { gen_ai_operation_name: operation, gen_ai_request_model: model, outcome },
      (performance.now() - started) / 1000,
    ),
  );
}
