import {
  collectDefaultMetrics,
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  register,
} from 'prom-client';
import { PLATFORM_VERSION } from '../version';

/**
 * Prometheus metrics (issue 22): one registry per process (prom-client's default), served by every app at
 * `METRICS_PATH` on its own port. Libraries define their metrics with the functions below, which hand back the
 * metric already registered under that name: a library loaded once serves every app of the process (tests run
 * several), and a second definition would otherwise throw.
 */
export const METRICS_PATH = '/metrics';

/**
 * Bucket boundaries in seconds, the ones OpenTelemetry's HTTP semantic conventions advise for
 * `http.server.request.duration`; used for every duration histogram so dashboards compare like with like.
 */
export const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Longer operations (jobs, AI calls) get a few more buckets past 10 s. */
export const LONG_DURATION_BUCKETS_SECONDS = [...DURATION_BUCKETS_SECONDS, 30, 60, 120, 300];

export function counterMetric<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  return (register.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter(config);
}

export function gaugeMetric<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
  return (register.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge(config);
}

export function histogramMetric<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  return (register.getSingleMetric(config.name) as Histogram<L> | undefined) ?? new Histogram(config);
}

let processMetricsStarted = false;

/**
 * Names the service on every series (`service="<app>"`) and starts Node's own metrics once per process: event loop
 * delay, heap, GC, CPU, memory, handles (prom-client's defaults, Prometheus' `process_*` and `nodejs_*` names).
 */
export function startProcessMetrics(service: string): void {
  register.setDefaultLabels({ service });
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics();
  // Which release each process runs: 1, labelled with the platform's version (a rollout shows both for a while).
  gaugeMetric({
    name: 'platform_build_info',
    help: 'The platform release this process runs (value 1).',
    labelNames: ['version'] as const,
  }).set({ version: PLATFORM_VERSION }, 1);
}

/** Runs `call` and hands its outcome (`ok`, or `error` when it threw) to `record`, then answers or throws as it did. */
export async function withOutcome<T>(call: () => Promise<T>, record: (outcome: 'ok' | 'error') => void): Promise<T> {
  let outcome: 'ok' | 'error' = 'error';
  try {
    const result = await call();
    outcome = 'ok';
    return result;
  } finally {
    record(outcome);
  }
}

/** The registry's current text exposition and its content type. */
export async function metricsExposition(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

/** `200` becomes `2xx`: the status class of the request metrics (a label with five values, not sixty). */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** Fastify's route URL (`/v1/articles/:id`) in OpenAPI form (`/v1/articles/{id}`), the `http_route` label. */
export function routeTemplate(url: string | undefined): string {
  if (!url) return '';
  let template = templates.get(url);
  if (template === undefined) templates.set(url, (template = url.replace(/:(\w+)/g, '{$1}')));
  return template;
}

/** An app has a few dozen routes: each URL's template is worked out once, not per request. */
const templates = new Map<string, string>();
