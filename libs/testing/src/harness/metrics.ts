import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { METRICS_PATH } from '@platform/runtime';
import { workspaceRoot } from '../workspace';
import { catalogueEntryOf, METRIC_CATALOGUE } from './metric-catalogue';

const ROOT = workspaceRoot;
/** Prometheus' own checker, built by scripts/schemas.sh (scripts/promtool.sh). */
const PROMTOOL = join(ROOT, '.tools', 'bin', 'promtool');

export interface Sample {
  /** The series name: a family's name, or a histogram's `_bucket`, `_sum` or `_count`. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  text: string;
  /** Each family's `# TYPE`. */
  types: Map<string, string>;
  samples: Sample[];
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(?<!\w)([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

/** Reads the samples of Prometheus' text format (its validity is promtool's to judge, see scrapeMetrics). */
export function readExposition(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL))
      labels[key] = value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return { text, types, samples };
}

/**
 * Lint findings promtool reports on prom-client's own default metrics, which the platform does not name: three gauges
 * counting handles, requests and resources end in `_total`. Everything else must pass the lint.
 */
const PROM_CLIENT_DEFAULT_FINDINGS = new Set(
  ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'].map(
    (name) => `${name} non-counter metrics should not have "_total" suffix`,
  ),
);

/**
 * GET /metrics of an app: Prometheus' text format as `promtool check metrics` parses and lints it (help text on every
 * family, units and `_total` as Prometheus names them), read into samples.
 */
export async function scrapeMetrics(app: INestApplication): Promise<Scrape> {
  const res = await request(app.getHttpServer()).get(METRICS_PATH).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  if (!existsSync(PROMTOOL)) throw new Error(`${PROMTOOL} is missing: bash scripts/schemas.sh builds it`);
  const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: res.text, encoding: 'utf8' });
  const findings = `${checked.stdout}${checked.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !PROM_CLIENT_DEFAULT_FINDINGS.has(line));
  // Exit 1 is a text promtool could not parse; 3 is lint findings, which must all be prom-client's known ones.
  expect({ parsed: checked.status === 0 || checked.status === 3, findings }).toEqual({ parsed: true, findings: [] });
  return readExposition(res.text);
}

/** The sum of the samples of a series whose labels include these (0 when none). */
export function sampleSum(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  return scrape.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}

/** How many observations a histogram holds for series with these labels. */
export function histogramCount(scrape: Scrape, name: string, labels: Record<string, string>): number {
  return sampleSum(scrape, `${name}_count`, labels);
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
 * The metrics contract of every app (issue 22): GET /metrics is valid Prometheus text, every family is one the
 * metric catalogue lists (so dashboards and alerts name only what exists) with the catalogue's type and labels,
 * every series names the service, Node's runtime metrics are there, and one request moves the request-duration
 * histogram of its route template and status class by exactly one (the scrape itself is not measured).
 */
export async function expectMetricsEndpoint(app: INestApplication, check: MetricsEndpointCheck): Promise<Scrape> {
  const labels = { http_request_method: check.method, http_route: check.route, http_response_status_class: check.statusClass };
  const before = histogramCount(await scrapeMetrics(app), 'http_server_request_duration_seconds', labels);
  await check.request();
  const after = await scrapeMetrics(app);
  expect(histogramCount(after, 'http_server_request_duration_seconds', labels)).toBe(before + 1);
  expect(after.samples.filter((s) => s.labels.http_route === METRICS_PATH)).toEqual([]);
  for (const name of [
    'http_server_request_duration_seconds',
    'http_server_active_requests',
    'nodejs_eventloop_lag_p99_seconds',
    'nodejs_heap_size_used_bytes',
    'process_cpu_seconds_total',
    ...(check.families ?? []),
  ]) {
    expect([name, after.types.has(name.replace(/_total$/, '')) || after.types.has(name)]).toEqual([name, true]);
  }
  for (const [family, type] of after.types) {
    const listed = METRIC_CATALOGUE[family] ?? METRIC_CATALOGUE[`${family}_total`];
    expect({ family, type: listed?.type }).toEqual({ family, type });
  }
  for (const sample of after.samples) {
    const entry = catalogueEntryOf(sample.name)?.entry;
    const allowed = new Set([...(entry?.labels ?? []), 'service', 'le']);
    expect({ series: sample.name, unknown: Object.keys(sample.labels).filter((key) => !allowed.has(key)) }).toEqual({
      series: sample.name,
      unknown: [],
    });
    expect({ series: sample.name, service: sample.labels.service }).toEqual({ series: sample.name, service: check.service });
  }
  return after;
}
