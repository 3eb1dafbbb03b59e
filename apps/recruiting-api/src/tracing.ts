import { startTracing } from '@platform/observability';

// The first import of main.ts, so tracing (on when OTEL_EXPORTER_OTLP_ENDPOINT is set) patches the instrumented
// modules before anything loads them (docs/decisions.md, "Tracing and correlated logs").
startTracing('recruiting-api');
