/**
 * Proves the local metrics and trace stores of README command 1 (scripts/observability.sh, started by up.sh): one
 * article generation through the edge is one trace in Jaeger, found by the request id of its 202 and fetched by its
 * trace id, with spans of race-content-api and of article-worker; and Prometheus has fresh samples of all six apps
 * (`up == 1`, the process CPU counter, race-content-api's request histogram). Polls with deadlines.
 *
 *   bash scripts/observability-check.sh                  # while up.sh runs: makes one generation itself
 *   bash scripts/observability-check.sh --from-traffic   # scripts/soak.sh: waits for the platform, then takes a
 *                                                        # generation of the soak's traffic (the soak counts its own)
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { notYet, waitFor, workspaceRoot } from '@platform/testing/harness';

const EDGE = `http://127.0.0.1:${process.env.EDGE_HTTP_PORT ?? process.env.GATEWAY_PORT ?? 8080}`;
const PROMETHEUS = `http://127.0.0.1:${process.env.PROMETHEUS_PORT ?? 9090}`;
const JAEGER = `http://127.0.0.1:${process.env.JAEGER_QUERY_PORT ?? 16686}`;
const APPS = ['recruiting-api', 'survey-builder-api', 'race-content-api', 'ai-webhook', 'article-worker', 'blog-worker'];
const RACE_FIXTURE = join(workspaceRoot, 'libs/race-content-data/fixtures/horse_racing/2026-11-01_tokyo_11R_tenno-sho-autumn.json');
const RACE_ID = 'h-20261101-05-11';
const GENERATION_ROUTE = 'POST /v1/articles/generation';
const FROM_TRAFFIC = process.argv.includes('--from-traffic');

interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  processID: string;
  tags: Array<{ key: string; value: unknown }>;
}
interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

const log = (line: string) => console.log(`[observability-check] ${line}`);

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** The trace's spans grouped by service name: { service: [operation, ...] }. */
function operationsByService(trace: JaegerTrace): Record<string, string[]> {
  const byService: Record<string, string[]> = {};
  for (const span of trace.spans) (byService[trace.processes[span.processID].serviceName] ??= []).push(span.operationName);
  return byService;
}

const tagOf = (span: JaegerSpan, key: string) => span.tags.find((tag) => tag.key === key)?.value;

/** Jaeger's tag search: the traces whose race-content-api server span carries this request id. */
async function tracesOfRequest(requestId: string): Promise<JaegerTrace[]> {
  const query = new URLSearchParams({ service: 'race-content-api', tags: JSON.stringify({ 'request.id': requestId }), lookback: '1h' });
  return (await getJson<{ data: JaegerTrace[] }>(`${JAEGER}/api/traces?${query}`)).data;
}

/** README's way: one article generation through the edge with a member's token; resolves with its request id. */
async function generateOneArticle(): Promise<string> {
  const token = execFileSync(
    'bash',
    ['scripts/admin.sh', 'issue-token', '--email', 'observability-check@example.com', '--role', 'member'],
    { cwd: workspaceRoot, encoding: 'utf8' },
  ).trim();
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.set('type', 'horse_racing');
  form.set('file', new Blob([readFileSync(RACE_FIXTURE)], { type: 'application/json' }), 'race.json');
  const race = await fetch(`${EDGE}/v1/races`, { method: 'POST', headers: auth, body: form });
  if (race.status !== 201 && race.status !== 409) throw new Error(`the race upload answered ${race.status}: ${await race.text()}`);
  const sentId = `observability-check-${randomBytes(6).toString('hex')}`;
  const generation = await fetch(`${EDGE}/v1/articles/generation`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'x-request-id': sentId },
    body: JSON.stringify({ race_id: RACE_ID, title: 'observability check', opening_at: Date.now() }),
  });
  if (generation.status !== 202) throw new Error(`the generation answered ${generation.status}: ${await generation.text()}`);
  const requestId = generation.headers.get('x-request-id') ?? sentId;
  const { id } = (await generation.json()) as { id: string };
  log(`article ${id} generating; request id ${requestId}`);
  const status = await waitFor(
    async () => {
      const article = (await (await fetch(`${EDGE}/v1/articles/${id}`, { headers: auth })).json()) as { status: string };
      return article.status === 'generating' ? undefined : article.status;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: `article ${id} to leave "generating"` },
  );
  if (status !== 'draft') throw new Error(`article ${id} ended ${status}, not draft`);
  log(`article ${id} is a draft`);
  return requestId;
}

/** CI's way: the request id of a generation of the soak's traffic whose trace already reached article-worker. */
async function generationOfTraffic(): Promise<string> {
  // Refused until up.sh has started it: not yet.
  await waitFor(() => getJson(`${JAEGER}/api/services`).then(() => true, notYet), {
    timeoutMs: 900_000,
    intervalMs: 1000,
    what: `the trace store at ${JAEGER} (up.sh starts it)`,
  });
  log(`the trace store answers at ${JAEGER}; waiting for a generation of the traffic`);
  const query = new URLSearchParams({ service: 'race-content-api', operation: GENERATION_ROUTE, limit: '20', lookback: '1h' });
  return waitFor(
    async () => {
      const { data } = await getJson<{ data: JaegerTrace[] }>(`${JAEGER}/api/traces?${query}`);
      const done = data.find((trace) => operationsByService(trace)['article-worker']);
      const server = done?.spans.find((span) => span.operationName === GENERATION_ROUTE);
      return server ? String(tagOf(server, 'request.id')) : undefined;
    },
    { timeoutMs: 600_000, intervalMs: 1000, what: 'a traced article generation of the traffic' },
  );
}

/** The request's trace id from race-content-api's log line of the request (README's way without a trace store). */
function traceIdInLogs(requestId: string): string | undefined {
  const logs = join(workspaceRoot, '.data/logs');
  for (const file of readdirSync(logs).filter((name) => name.startsWith('race-content-api'))) {
    for (const line of readFileSync(join(logs, file), 'utf8').split('\n')) {
      if (!line.includes(requestId) || !line.includes('"trace_id"')) continue;
      const entry = JSON.parse(line) as { trace_id?: string };
      if (entry.trace_id) return entry.trace_id;
    }
  }
  return undefined;
}

async function checkTrace(requestId: string): Promise<void> {
  const found = await waitFor(async () => (await tracesOfRequest(requestId))[0], {
    timeoutMs: 30_000,
    intervalMs: 500,
    what: `a trace tagged request.id=${requestId} in Jaeger`,
  });
  const traceId = found.traceID;
  log(`Jaeger's tag search request.id=${requestId} finds trace ${traceId}`);
  const fromLogs = traceIdInLogs(requestId);
  if (fromLogs && fromLogs !== traceId)
    throw new Error(`race-content-api logged trace_id ${fromLogs} for ${requestId}, Jaeger has ${traceId}`);
  if (fromLogs) log(`race-content-api's log line of the request carries the same trace_id`);
  const trace = await waitFor(
    async () => {
      const [byId] = (await getJson<{ data: JaegerTrace[] }>(`${JAEGER}/api/traces/${traceId}`)).data;
      const services = operationsByService(byId);
      return services['race-content-api'] && services['article-worker'] ? byId : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 500, what: `trace ${traceId} by id with spans of race-content-api and article-worker` },
  );
  log(`GET /api/traces/${traceId}: ${trace.spans.length} spans`);
  for (const [service, operations] of Object.entries(operationsByService(trace))) {
    const counts = Object.entries(operations.reduce<Record<string, number>>((n, op) => ({ ...n, [op]: (n[op] ?? 0) + 1 }), {}));
    log(`  ${service}: ${counts.map(([op, n]) => (n > 1 ? `${op} ×${n}` : op)).join(', ')}`);
  }
}

/** The value of an instant query, by job. */
async function byJob(promql: string): Promise<Record<string, number>> {
  const body = await getJson<{ data: { result: Array<{ metric: { job?: string }; value: [number, string] }> } }>(
    `${PROMETHEUS}/api/v1/query?${new URLSearchParams({ query: promql })}`,
  );
  return Object.fromEntries(body.data.result.map((r) => [r.metric.job ?? '', Number(r.value[1])]));
}

async function checkMetrics(): Promise<void> {
  // Fresh samples only (scraped in the last 15 s): .data/prometheus keeps earlier runs' series.
  const queries = {
    'instances up': 'count by (job) (up == 1 and (time() - timestamp(up)) < 15)',
    'process_cpu_seconds_total series':
      'count by (job) (process_cpu_seconds_total and (time() - timestamp(process_cpu_seconds_total)) < 15)',
  };
  for (const [what, promql] of Object.entries(queries)) {
    const jobs = await waitFor(
      async () => {
        const result = await byJob(promql);
        return APPS.every((app) => result[app] > 0) ? result : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: `${what} of all six apps in Prometheus (${promql})` },
    );
    log(`Prometheus ${what}: ${APPS.map((app) => `${app} ${jobs[app]}`).join(', ')}`);
  }
  const requests = await waitFor(
    async () => (await byJob('sum by (job) (http_server_request_duration_seconds_count{job="race-content-api"})'))['race-content-api'],
    { timeoutMs: 30_000, intervalMs: 500, what: "race-content-api's request histogram in Prometheus" },
  );
  log(`Prometheus http_server_request_duration_seconds_count of race-content-api: ${requests}`);
}

async function main(): Promise<void> {
  const requestId = FROM_TRAFFIC ? await generationOfTraffic() : await generateOneArticle();
  await checkTrace(requestId);
  await checkMetrics();
  log('ok');
}

main().catch((error: Error) => {
  console.error(`[observability-check] FAILED: ${error.message}`);
  process.exit(1);
});
