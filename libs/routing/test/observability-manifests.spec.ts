import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { clusterValidator } from '@platform/testing/deployment';
import { catalogueEntryOf, catalogueProblems, METRIC_CATALOGUE, promqlNames, workspaceRoot } from '@platform/testing/harness';
import { APP_NAMES, matchesPrefix, resolveRoute } from '../src';
import { k8sRoot, type Manifest, ofKind, readManifests } from './k8s-files';

/** k8s/components/observability/ (a kustomize Component): the Prometheus Operator's objects and the Grafana dashboard. */
const folder = join(k8sRoot, 'components', 'observability');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const component: any = parse(readFileSync(join(folder, 'kustomization.yaml'), 'utf8'));
const objects: Manifest[] = (component.resources as string[]).flatMap((file) =>
  readManifests(join('..', 'components', 'observability', file)),
);
const serviceMonitor = objects.find((o) => o.kind === 'ServiceMonitor')!;
const rule = objects.find((o) => o.kind === 'PrometheusRule')!;
const dashboardFile = component.configMapGenerator[0].files[0] as string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dashboard: any = JSON.parse(readFileSync(join(folder, dashboardFile), 'utf8'));

interface AlertRule {
  alert: string;
  expr: string;
  for: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}
const alerts: AlertRule[] = rule.spec.groups.flatMap((group: { rules: AlertRule[] }) => group.rules);
const alert = (name: string) => alerts.find((a) => a.alert === name)!;

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: Array<{ refId: string; expr: string; datasource?: { type: string; uid: string } }>;
  gridPos: { x: number; y: number; w: number; h: number };
}
const panels: Panel[] = dashboard.panels.filter((p: Panel) => p.type !== 'row');
const panelExprs = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr })));
const variableQueries = dashboard.templating.list
  .filter((v: { type: string }) => v.type === 'query')
  .map((v: { name: string; query: { query: string } }) => ({ where: `variable ${v.name}`, expr: v.query.query }));
const alertExprs = alerts.map((a) => ({ where: `alert ${a.alert}`, expr: a.expr }));

describe('the cluster monitoring (k8s/components/observability/, issue 22)', () => {
  it('is a kustomize Component the platform includes, listing every file of its folder, with the dashboard as a Grafana ConfigMap', () => {
    const production = readManifests('../overlays/production/kustomization.yaml')[0] as unknown as { components: string[] };
    expect(production.components).toContain('../../components/observability');
    expect(component.kind).toBe('Component');
    const files = readdirSync(folder).filter((f) => f !== 'kustomization.yaml');
    expect([...component.resources, dashboardFile].sort()).toEqual(files.sort());
    expect(component.configMapGenerator).toEqual([
      {
        name: 'platform-dashboard',
        files: ['platform-dashboard.json'],
        options: { disableNameSuffixHash: true, labels: { grafana_dashboard: '1', 'app.kubernetes.io/part-of': 'platform' } },
      },
    ]);
    expect(objects.map((o) => o.kind).sort()).toEqual(['PrometheusRule', 'ServiceMonitor']);
  });

  it("are valid against the Prometheus Operator's CRDs, and a misspelt field is refused", () => {
    const validate = clusterValidator();
    expect(objects.flatMap((o) => validate(o).map((problem) => `${o.kind} ${o.metadata.name}: ${problem}`))).toEqual([]);
    const misspelt = structuredClone(serviceMonitor);
    misspelt.spec.endpoints[0].paht = '/metrics';
    expect(validate(misspelt)).toEqual([expect.stringContaining('paht')]);
    const badRule = structuredClone(rule);
    badRule.spec.groups[0].rules[0].fro = '5m';
    expect(validate(badRule)).toEqual([expect.stringContaining('fro')]);
  });

  it("scrapes GET /metrics on every app's Service through its named port, and on nothing else", () => {
    const { selector, endpoints } = serviceMonitor.spec;
    const selects = (labels: Record<string, string>) =>
      Object.entries(selector.matchLabels as Record<string, string>).every(([k, v]) => labels[k] === v) &&
      (selector.matchExpressions as Array<{ key: string; operator: string; values: string[] }>).every(
        (e) => e.operator === 'In' && e.values.includes(labels[e.key]),
      );
    // The labels the kustomization adds to every object (app.kubernetes.io/part-of) included.
    const common = (readManifests('kustomization.yaml')[0] as unknown as { labels: Array<{ pairs: Record<string, string> }> }).labels[0]
      .pairs;
    const selected = ofKind('Service').filter((s) =>
      selects({ ...common, ...(s.metadata as unknown as { labels: Record<string, string> }).labels }),
    );
    expect(selected.map((s) => s.metadata.name).sort()).toEqual([...APP_NAMES].sort());
    expect(endpoints).toEqual([expect.objectContaining({ port: 'http', path: '/metrics', scheme: 'http' })]);
    for (const service of selected) expect(service.spec.ports.map((p: { name: string }) => p.name)).toContain(endpoints[0].port);
    expect(serviceMonitor.spec.jobLabel).toBe('app.kubernetes.io/name');
  });

  it('never routes /metrics through the public edge: no HTTPRoute match that sends to an app covers it', () => {
    expect(resolveRoute('/metrics')).toBeUndefined();
    const routes = ofKind('HTTPRoute');
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      for (const rule of route.spec.rules as Array<{
        matches?: Array<{ path?: { type: string; value: string } }>;
        backendRefs?: unknown[];
      }>) {
        // A rule without backends answers by itself (the HTTP listener's redirect to HTTPS).
        if (!rule.backendRefs?.length) continue;
        // A rule with backends names its paths: no match at all would be every path.
        expect([route.metadata.name, rule.matches?.length]).toEqual([route.metadata.name, expect.any(Number)]);
        for (const { path } of rule.matches!) {
          expect(path).toBeDefined();
          expect(['Exact', 'PathPrefix', 'RegularExpression']).toContain(path!.type);
          for (const probe of ['/metrics', '/metrics/']) {
            // Gateway API's PathPrefix matches whole segments, and a trailing slash is ignored: "/" covers every path.
            // Envoy's RegularExpression matches the whole path.
            const prefix = path!.value.replace(/(?<!\/)\/+$/, '');
            const covers =
              path!.type === 'Exact'
                ? path!.value === probe
                : path!.type === 'RegularExpression'
                  ? new RegExp(`^(?:${path!.value})$`).test(probe)
                  : prefix === '' || matchesPrefix(probe, prefix);
            expect([route.metadata.name, path!.value, probe, covers]).toEqual([route.metadata.name, path!.value, probe, false]);
          }
        }
      }
    }
  });

  it('has the alerts issues 22 and 35 ask for, each waiting a while, with a severity, a summary, a description and a runbook', () => {
    expect(alerts.map((a) => a.alert).sort()).toEqual([
      'PlatformAiProviderErrors',
      'PlatformAppUnavailable',
      'PlatformCalendarFailing',
      'PlatformDatabasePoolSaturated',
      'PlatformDeadLetterQueueGrowing',
      'PlatformGenerationStuck',
      'PlatformHighErrorRatio',
      'PlatformHighLatencyP99',
      'PlatformMailDeliveryFailing',
      'PlatformPodNotReady',
      'PlatformQueueWithoutConsumers',
      'PlatformRedisUnavailable',
      'PlatformSweeperStopped',
    ]);
    for (const a of alerts) {
      expect([a.alert, a.for]).toEqual([a.alert, expect.stringMatching(/^[1-9]\d*[ms]$/)]);
      expect([a.alert, a.labels.severity]).toEqual([a.alert, expect.stringMatching(/^(critical|warning)$/)]);
      expect([a.alert, Object.keys(a.annotations).sort()]).toEqual([a.alert, ['description', 'runbook_url', 'summary']]);
    }
  });

  it('gives every alert a runbook in docs/runbooks that says what it means, how to confirm it, the causes and the fixes', () => {
    const pages = new Set(readdirSync(join(workspaceRoot, 'docs/runbooks')).filter((file) => file !== 'README.md'));
    for (const a of alerts) {
      const url = a.annotations.runbook_url;
      const kebab = a.alert.replace(/(?<!^)(?=[A-Z])/g, '-').toLowerCase();
      expect([a.alert, url]).toEqual([a.alert, `docs/runbooks/${kebab}.md`]);
      pages.delete(`${kebab}.md`);
      const page = readFileSync(join(workspaceRoot, url), 'utf8');
      const headings = [...page.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      expect([a.alert, headings]).toEqual([a.alert, ['What it means', 'Confirm it', 'Likely causes and fixes']]);
      // The page names its alert and quotes a query to confirm it.
      expect([a.alert, page.startsWith(`# ${a.alert}`), /```promql\n/.test(page)]).toEqual([a.alert, true, true]);
    }
    expect([...pages]).toEqual([]); // no runbook for an alert that does not exist
  });

  it("ties the alerts to the platform: the sweeper's bound from platform-config, every app's readiness, only main queues' consumers", () => {
    const configMap = ofKind('ConfigMap').find((c) => c.metadata.name === 'platform-config')!;
    const bound = Number(configMap.data!.GENERATION_STUCK_AFTER_MS) / 1000;
    expect(alert('PlatformGenerationStuck').expr.trim()).toMatch(new RegExp(`> ${bound}$`));
    for (const name of ['PlatformPodNotReady', 'PlatformAppUnavailable']) {
      const list = /=~"\(?([\w|-]+)\)?/.exec(alert(name).expr)![1].split('|');
      expect([name, list.sort()]).toEqual([name, [...APP_NAMES].sort()]);
    }
    expect(alert('PlatformQueueWithoutConsumers').expr).toContain('queue!~".+\\\\.(retry|dlq)"');
    expect(alert('PlatformDeadLetterQueueGrowing').expr).toContain('queue=~".+\\\\.dlq"');
  });

  it('names only series and labels of the metric catalogue, in every alert and dashboard query', () => {
    const problems = [...alertExprs, ...panelExprs, ...variableQueries].flatMap(({ where, expr }) =>
      catalogueProblems(expr).map((problem) => `${where}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('is checked against the catalogue for real: an unknown series or label is reported', () => {
    expect(promqlNames('sum by (service, le) (rate(http_server_request_duration_seconds_bucket{service=~"$x"}[5m])) > 0.5')).toEqual({
      series: ['http_server_request_duration_seconds_bucket'],
      matchers: [{ series: 'http_server_request_duration_seconds_bucket', label: 'service' }],
      grouping: ['service', 'le'],
    });
    expect(catalogueProblems('rate(http_requests_total[5m])')).toEqual(['http_requests_total is not in the metric catalogue']);
    expect(catalogueProblems('rabbitmq_queue_messages{queue_name="a"}')).toEqual(['rabbitmq_queue_messages has no label queue_name']);
    expect(catalogueProblems('sum by (route) (http_server_active_requests)')).toEqual(['no series of the expression has the label route']);
    expect(catalogueProblems('label_values(up, http_route)')).toEqual(['label http_route is not a label of up']);
    // A histogram is queried by its _bucket, _sum and _count; a gauge has none of them.
    expect(catalogueEntryOf('messaging_process_duration_seconds_sum')?.name).toBe('messaging_process_duration_seconds');
    expect(catalogueEntryOf('rabbitmq_queue_messages_count')).toBeUndefined();
  });

  it('keeps a well-formed catalogue: Prometheus names, counters ending in _total, histograms not named like their series', () => {
    for (const [name, entry] of Object.entries(METRIC_CATALOGUE)) {
      expect([name, /^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(name)]).toEqual([name, true]);
      if (entry.type === 'counter') expect(name).toMatch(/_total$/);
      if (entry.type === 'histogram') expect(name).not.toMatch(/_(bucket|sum|count|total)$/);
      for (const label of entry.labels) expect([name, label]).toEqual([name, expect.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]*$/)]);
    }
  });

  it('ships a dashboard whose every panel has a data source and queries, covering what issue 22 asks to see', () => {
    expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
    expect(dashboard.templating.list[0]).toMatchObject({ name: 'datasource', type: 'datasource', query: 'prometheus' });
    const ids = dashboard.panels.map((p: Panel) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect([panel.title, panel.datasource]).toEqual([panel.title, { type: 'prometheus', uid: '${datasource}' }]);
      expect([panel.title, panel.targets?.length]).toEqual([panel.title, expect.any(Number)]);
      expect(panel.targets!.length).toBeGreaterThan(0);
      const refIds = panel.targets!.map((t) => t.refId);
      expect(new Set(refIds).size).toBe(refIds.length);
      for (const target of panel.targets!) expect([panel.title, target.expr]).toEqual([panel.title, expect.stringMatching(/\S/)]);
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
    }
    const charted = new Set(panelExprs.flatMap(({ expr }) => promqlNames(expr).series.map((s) => catalogueEntryOf(s)?.name)));
    for (const metric of [
      'http_server_request_duration_seconds',
      'http_server_active_requests',
      'rabbitmq_queue_messages',
      'rabbitmq_queue_consumers',
      'messaging_process_duration_seconds',
      'messaging_job_dead_lettered_total',
      'gen_ai_client_operation_duration_seconds',
      'db_client_connections_usage',
      'db_client_connections_max',
      'db_client_connections_pending_requests',
      'generation_oldest_pending_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect([metric, charted.has(metric)]).toEqual([metric, true]);
    // Requests, errors and latency per app and route.
    const grouped = panelExprs.map(({ expr }) => promqlNames(expr).grouping.join(','));
    expect(grouped).toEqual(
      expect.arrayContaining(['service,http_route', 'service,http_route,le', 'service,http_route,http_response_status_class']),
    );
  });

  it('has a firing and a silent case for every alert in its unit tests', () => {
    const tests = parse(readFileSync(join(__dirname, 'alert-rules.test.yaml'), 'utf8')).tests as Array<{
      alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }>;
    }>;
    const cases = tests.flatMap((t) => t.alert_rule_test);
    for (const { alert: name } of alerts) {
      const own = cases.filter((c) => c.alertname === name);
      expect([name, own.some((c) => c.exp_alerts.length > 0), own.some((c) => c.exp_alerts.length === 0)]).toEqual([name, true, true]);
    }
  });

  describe('promtool (Prometheus 3, built by scripts/promtool.sh)', () => {
    const promtool = join(workspaceRoot, '.tools', 'bin', 'promtool');
    const testFile = join(__dirname, 'alert-rules.test.yaml');
    let dir: string;
    beforeAll(() => {
      if (!existsSync(promtool)) throw new Error(`${promtool} is missing: run bash scripts/schemas.sh`);
      dir = mkdtempSync(join(tmpdir(), 'alert-rules-'));
      // The PrometheusRule's spec is a Prometheus rule file, which is what the operator hands to Prometheus.
      writeFileSync(join(dir, 'rules.yaml'), stringify({ groups: rule.spec.groups }));
      copyFileSync(testFile, join(dir, 'alert-rules.test.yaml'));
    });
    afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

    const run = (...args: string[]) => {
      const result = spawnSync(promtool, args, { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    };

    it('finds the rules well-formed (promtool check rules)', () => {
      const { status, output } = run('check', 'rules', 'rules.yaml');
      expect([status, output]).toEqual([0, expect.stringContaining(`SUCCESS: ${alerts.length} rules found`)]);
    });

    it('sees each alert fire when it should and stay silent when it should not (promtool test rules)', () => {
      const { status, output } = run('test', 'rules', 'alert-rules.test.yaml');
      expect([status, output]).toEqual([0, expect.stringContaining('SUCCESS')]);
    });
  });
});
