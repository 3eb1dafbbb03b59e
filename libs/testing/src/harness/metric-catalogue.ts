/**
 * The metric catalogue (issue 22): every Prometheus series the cluster's dashboard and alert rules may name, with
 * its type and labels, in one place. The apps expose theirs at GET /metrics on their own port, each series also
 * labelled `service="<app name>"`; kube-state-metrics and Prometheus itself supply the rest. The observability tests
 * refuse a dashboard panel or an alert that names a metric or label not listed here, and the apps' /metrics tests
 * assert their output against it, so a dashboard cannot chart a series that does not exist.
 *
 * Names are as exposed in the Prometheus text format: counters with `_total`; a histogram is listed once by its base
 * name and queried as `<name>_bucket` (label `le`), `<name>_sum` and `<name>_count`.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

/** Who exposes the series: every app on /metrics, kube-state-metrics, or Prometheus itself (per scrape target). */
export type MetricSource = 'app' | 'kube-state-metrics' | 'prometheus';

export interface CatalogueEntry {
  type: MetricType;
  source: MetricSource;
  /** The series' own labels (for app series besides `service`; a histogram's `le` is implied). */
  labels: readonly string[];
  help: string;
}

const app = (type: MetricType, labels: readonly string[], help: string): CatalogueEntry => ({ type, source: 'app', labels, help });

/** The labels every app series carries: its own, and those the scrape adds (ServiceMonitor: namespace, pod, ...). */
export const APP_SERIES_LABELS = ['service'] as const;

/** Labels Prometheus adds to every scraped series (the Prometheus Operator's ServiceMonitor targets). */
export const SCRAPE_LABELS = ['job', 'instance', 'namespace', 'pod', 'container', 'endpoint'] as const;

/** prom-client's default Node.js metrics (collectDefaultMetrics), as every app exposes them. */
const NODE_DEFAULTS: Record<string, CatalogueEntry> = {
  process_cpu_user_seconds_total: app('counter', [], 'User CPU time spent, in seconds.'),
  process_cpu_system_seconds_total: app('counter', [], 'System CPU time spent, in seconds.'),
  process_cpu_seconds_total: app('counter', [], 'User and system CPU time spent, in seconds.'),
  process_start_time_seconds: app('gauge', [], 'Start time of the process since the Unix epoch, in seconds.'),
  process_resident_memory_bytes: app('gauge', [], 'Resident memory size, in bytes.'),
  process_virtual_memory_bytes: app('gauge', [], 'Virtual memory size, in bytes.'),
  process_heap_bytes: app('gauge', [], 'Process heap size, in bytes.'),
  process_open_fds: app('gauge', [], 'Open file descriptors.'),
  process_max_fds: app('gauge', [], 'Maximum number of open file descriptors.'),
  nodejs_eventloop_lag_seconds: app('gauge', [], 'Event loop lag, in seconds.'),
  nodejs_eventloop_lag_min_seconds: app('gauge', [], 'The minimum recorded event loop delay.'),
  nodejs_eventloop_lag_max_seconds: app('gauge', [], 'The maximum recorded event loop delay.'),
  nodejs_eventloop_lag_mean_seconds: app('gauge', [], 'The mean of the recorded event loop delays.'),
  nodejs_eventloop_lag_stddev_seconds: app('gauge', [], 'The standard deviation of the recorded event loop delays.'),
  nodejs_eventloop_lag_p50_seconds: app('gauge', [], 'The 50th percentile of the recorded event loop delays.'),
  nodejs_eventloop_lag_p90_seconds: app('gauge', [], 'The 90th percentile of the recorded event loop delays.'),
  nodejs_eventloop_lag_p99_seconds: app('gauge', [], 'The 99th percentile of the recorded event loop delays.'),
  nodejs_active_resources: app('gauge', ['type'], 'Active resources keeping the event loop alive, by type.'),
  nodejs_active_resources_total: app('gauge', [], 'Active resources keeping the event loop alive.'),
  nodejs_active_handles: app('gauge', ['type'], 'Active libuv handles, by type.'),
  nodejs_active_handles_total: app('gauge', [], 'Active libuv handles.'),
  nodejs_active_requests: app('gauge', ['type'], 'Active libuv requests, by type.'),
  nodejs_active_requests_total: app('gauge', [], 'Active libuv requests.'),
  nodejs_heap_size_total_bytes: app('gauge', [], 'V8 heap size, in bytes.'),
  nodejs_heap_size_used_bytes: app('gauge', [], 'V8 heap used, in bytes.'),
  nodejs_external_memory_bytes: app('gauge', [], 'Node.js external memory, in bytes.'),
  nodejs_heap_space_size_total_bytes: app('gauge', ['space'], 'V8 heap space size, in bytes.'),
  nodejs_heap_space_size_used_bytes: app('gauge', ['space'], 'V8 heap space used, in bytes.'),
  nodejs_heap_space_size_available_bytes: app('gauge', ['space'], 'V8 heap space available, in bytes.'),
  nodejs_version_info: app('gauge', ['version', 'major', 'minor', 'patch'], 'Node.js version.'),
  nodejs_gc_duration_seconds: app('histogram', ['kind'], 'Garbage collection duration by kind, in seconds.'),
};

export const METRIC_CATALOGUE: Record<string, CatalogueEntry> = {
  // HTTP server (OpenTelemetry HTTP semantic conventions; the route is the template, never the raw path).
  http_server_request_duration_seconds: app(
    'histogram',
    ['http_request_method', 'http_route', 'http_response_status_class'],
    'Duration of HTTP server requests, in seconds.',
  ),
  http_server_active_requests: app('gauge', ['http_request_method'], 'HTTP server requests in flight.'),
  // Messaging (RabbitMQ jobs), by logical queue.
  messaging_client_sent_messages_total: app('counter', ['messaging_destination_name'], 'Messages published.'),
  messaging_client_consumed_messages_total: app('counter', ['messaging_destination_name'], 'Messages consumed.'),
  messaging_job_retries_total: app('counter', ['messaging_destination_name'], 'Jobs sent back for a retry.'),
  messaging_job_dead_lettered_total: app('counter', ['messaging_destination_name'], 'Jobs dead-lettered.'),
  messaging_process_duration_seconds: app(
    'histogram',
    ['messaging_destination_name', 'outcome'],
    'Job processing duration, in seconds; outcome success, retry, dead_letter or outage.',
  ),
  // The broker's view of each physical queue the app consumes or owns (<name>, <name>.retry, <name>.dlq).
  rabbitmq_queue_messages: app('gauge', ['queue'], 'Messages ready in the queue.'),
  rabbitmq_queue_consumers: app('gauge', ['queue'], 'Consumers of the queue.'),
  // Database connection pools (OpenTelemetry database semantic conventions).
  db_client_connections_usage: app(
    'gauge',
    ['db_client_connection_pool_name', 'db_client_connection_state'],
    'Connections in the pool, by state (idle or used).',
  ),
  db_client_connections_max: app('gauge', ['db_client_connection_pool_name'], 'The most connections the pool opens.'),
  db_client_connections_pending_requests: app('gauge', ['db_client_connection_pool_name'], 'Requests waiting for a connection.'),
  // The AI provider.
  gen_ai_client_operation_duration_seconds: app(
    'histogram',
    ['gen_ai_operation_name', 'gen_ai_request_model', 'outcome'],
    'Duration of AI provider calls, in seconds; outcome ok or error.',
  ),
  // Race content workers' sweepers.
  generation_oldest_pending_seconds: app('gauge', ['kind'], 'Age of the oldest document still generating (kind article or blog).'),
  sweeper_last_success_timestamp_seconds: app('gauge', ['kind'], 'When the sweeper of this kind last finished a sweep without error.'),
  // recruiting-api's third parties: mail (SMTP) and the interviewers' calendar.
  mail_deliveries_total: app('counter', ['outcome'], 'Mail handed to the SMTP server; outcome sent, refused or unreachable.'),
  calendar_requests_total: app('counter', ['operation', 'outcome'], 'Calendar operations; outcome ok or error.'),
  // recruiting-api's public scheduling rate limit, when Redis cannot count (it lets the request through).
  rate_limit_unchecked_total: app('counter', [], 'Public requests let through uncounted because Redis could not be reached.'),
  // The apps that verify platform access tokens (race content, the builder's identity check; libs/auth TokenVersionCheck).
  auth_token_version_read_failures_total: app(
    'counter',
    [],
    'Reads of the token-version store that failed; tokens were then judged by the last version seen, or by their own claims.',
  ),
  // The release each process runs (libs/runtime version.ts).
  platform_build_info: app('gauge', ['version'], 'The platform release this process runs (value 1).'),
  ...NODE_DEFAULTS,
  // kube-state-metrics (installed with the Prometheus Operator stack).
  kube_pod_status_ready: {
    type: 'gauge',
    source: 'kube-state-metrics',
    labels: ['namespace', 'pod', 'condition', 'uid'],
    help: 'Whether the pod is ready (condition true, false or unknown).',
  },
  kube_deployment_status_replicas_available: {
    type: 'gauge',
    source: 'kube-state-metrics',
    labels: ['namespace', 'deployment'],
    help: 'Available replicas of the Deployment.',
  },
  kube_deployment_spec_replicas: {
    type: 'gauge',
    source: 'kube-state-metrics',
    labels: ['namespace', 'deployment'],
    help: 'Desired replicas of the Deployment.',
  },
  // Prometheus' own per-target series.
  up: { type: 'gauge', source: 'prometheus', labels: [], help: '1 when the last scrape of the target succeeded.' },
};

/**
 * The catalogue entry a series name belongs to: the name itself, or a histogram's `_bucket`, `_sum` or `_count`.
 * Undefined when the name is not in the catalogue.
 */
export function catalogueEntryOf(series: string): { name: string; entry: CatalogueEntry } | undefined {
  if (METRIC_CATALOGUE[series]) return { name: series, entry: METRIC_CATALOGUE[series] };
  const match = /^(.*)_(bucket|sum|count)$/.exec(series);
  const entry = match ? METRIC_CATALOGUE[match[1]] : undefined;
  return entry && (entry.type === 'histogram' || entry.type === 'summary') ? { name: match![1], entry } : undefined;
}

/** The labels a series may carry: its own, `le` for a histogram's buckets, `service` and the scrape's labels. */
export function labelsOf(series: string): string[] | undefined {
  const found = catalogueEntryOf(series);
  if (!found) return undefined;
  const { entry } = found;
  const own = [...entry.labels, ...(series.endsWith('_bucket') ? ['le'] : [])];
  if (entry.source === 'kube-state-metrics') return [...own, ...SCRAPE_LABELS];
  return [...own, ...APP_SERIES_LABELS, ...SCRAPE_LABELS];
}

/** PromQL words that are not series names: aggregation modifiers, set and comparison operators, literals. */
const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

export interface PromqlNames {
  /** The series names the expression selects. */
  series: string[];
  /** Label names used in selectors, with the series they select (undefined for a bare `{...}`). */
  matchers: Array<{ series?: string; label: string }>;
  /** Label names of by/without/on/ignoring/group_left/group_right clauses. */
  grouping: string[];
}

/**
 * The series and label names a PromQL expression uses. A small scanner, not a parser: strings, ranges and
 * subqueries are dropped, label lists and selectors read, and every other name not followed by `(` (a function) nor
 * a PromQL word is a series name. Enough for the dashboard's and the alerts' expressions, which promtool parses for real.
 */
export function promqlNames(expr: string): PromqlNames {
  const grouping: string[] = [];
  const matchers: PromqlNames['matchers'] = [];
  let text = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\[[^[\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g, (_, list: string) => {
      grouping.push(
        ...list
          .split(',')
          .map((label) => label.trim())
          .filter(Boolean),
      );
      return ' ';
    });
  text = text.replace(/(?:(?<![\w:])([a-zA-Z_:][\w:]*)\s*)?\{([^{}]*)\}/g, (_, series: string | undefined, body: string) => {
    for (const [, label] of body.matchAll(/(?<!\w)([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)) matchers.push({ series, label });
    return series ? ` ${series} ` : ' ';
  });
  text = text.replace(/(^|[^\w:])\d[\w.+-]*/g, '$1 ');
  const series: string[] = [];
  for (const match of text.matchAll(/[a-zA-Z_:][\w:]*/g)) {
    const after = text.slice(match.index + match[0].length).trimStart();
    if (after.startsWith('(') || PROMQL_WORDS.has(match[0].toLowerCase())) continue;
    series.push(match[0]);
  }
  return { series: [...new Set(series)], matchers, grouping };
}

/**
 * What a PromQL expression names that the catalogue does not have: an unknown series, or a label its series do not
 * carry (in a selector, or in a by/on clause: a label none of the expression's series carries). None means it is
 * made of catalogued series only. Grafana's label_values(<series>, <label>) queries are read the same way.
 */
export function catalogueProblems(expr: string): string[] {
  const labelValues = /^\s*label_values\((?:(.*),)?\s*([a-zA-Z_]\w*)\s*\)\s*$/s.exec(expr);
  if (labelValues) {
    const [, rawSelector, label] = labelValues;
    const selector = rawSelector?.trim();
    if (!selector) return [`label_values(${label}) names no series`];
    const { series } = promqlNames(selector);
    const inner = catalogueProblems(selector);
    return series.some((name) => labelsOf(name)?.includes(label))
      ? inner
      : [...inner, `label ${label} is not a label of ${series.join(', ')}`];
  }
  const { series, matchers, grouping } = promqlNames(expr);
  const problems = series.filter((name) => !catalogueEntryOf(name)).map((name) => `${name} is not in the metric catalogue`);
  if (series.length === 0) problems.push('the expression names no series');
  for (const { series: name, label } of matchers) {
    const labels = name ? labelsOf(name) : undefined;
    if (labels && !labels.includes(label)) problems.push(`${name} has no label ${label}`);
  }
  const known = new Set(series.flatMap((name) => labelsOf(name) ?? []));
  for (const label of grouping) if (!known.has(label)) problems.push(`no series of the expression has the label ${label}`);
  return problems;
}
