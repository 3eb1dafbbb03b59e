import type { INestApplication } from '@nestjs/common';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import request from 'supertest';
import { METRICS_PATH } from '@platform/runtime';

export type MetricFamilies = Map<string, ReturnType<typeof parsePrometheusTextFormat>[number]>;

/** GET /metrics of an app, checked to be Prometheus' text format (a parser reads every line), by family name. */
export async function scrapeMetrics(app: INestApplication): Promise<MetricFamilies> {
  const res = await request(app.getHttpServer()).get(METRICS_PATH).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(res.text);
  // Every line that is not a comment belongs to a family the parser read.
  const samples = res.text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;
  const parsed = families.reduce(
    (n, family) =>
      n +
      family.metrics.reduce(
        (m, s) => m + (s.buckets ? Object.keys(s.buckets).length + 2 : s.quantiles ? Object.keys(s.quantiles).length + 2 : 1),
        0,
      ),
    0,
  );
  expect(parsed).toBe(samples);
  return new Map(families.map((family) => [family.name, family]));
}

/** How many observations a histogram holds for exactly these labels (0 when none). */
export function histogramCount(families: MetricFamilies, name: string, labels: Record<string, string>): number {
  const sample = families.get(name)?.metrics.find((s) => Object.entries(labels).every(([key, value]) => s.labels?.[key] === value));
  return Number(sample?.count ?? 0);
}

export interface MetricsEndpointCheck {
  service: string;
  /** One request the check makes, and the labels its request metrics must carry. */
  request: () => Promise<unknown>;
  method: string;
  route: string;
  statusClass: string;
  /** Families the app must serve besides the HTTP and Node ones (its pool, queues, ...). */
  families?: string[];
}

/**
 * The metrics contract of every app (issue 22): GET /metrics parses as Prometheus text, every series names the
 * service, Node's runtime metrics are there, and one request moves the request-duration histogram of its route
 * template and status class by one (the scrape itself is not measured).
 */
export async function expectMetricsEndpoint(app: INestApplication, check: MetricsEndpointCheck): Promise<MetricFamilies> {
  const labels = { http_request_method: check.method, http_route: check.route, http_response_status_class: check.statusClass };
  const before = histogramCount(await scrapeMetrics(app), 'http_server_request_duration_seconds', labels);
  await check.request();
  const after = await scrapeMetrics(app);
  expect(histogramCount(after, 'http_server_request_duration_seconds', labels)).toBe(before + 1);
  const routes = after.get('http_server_request_duration_seconds')!.metrics.map((s) => s.labels?.http_route);
  expect(routes).not.toContain(METRICS_PATH);
  for (const name of [
    'http_server_active_requests',
    'nodejs_eventloop_lag_seconds',
    'nodejs_heap_size_used_bytes',
    'nodejs_gc_duration_seconds',
    'process_cpu_seconds_total',
    ...(check.families ?? []),
  ]) {
    expect([name, after.has(name)]).toEqual([name, true]);
  }
  for (const family of after.values()) for (const sample of family.metrics) expect(sample.labels?.service).toBe(check.service);
  return after;
}
