import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { builderErrorSchema, raceContentErrorSchema, recruitingErrorSchema } from '@platform/contracts';
import {
  type AppName,
  APPS,
  clusterEdgeOptions,
  CORS_POLICY,
  EDGE_BUFFER_MAX_BYTES,
  EDGE_ERRORS,
  ENVOY_PROXY_PODS,
  HSTS,
  IDENTITY_CHECK,
  localUpstreams,
  matchesPrefix,
  quantity,
  renderCaddyfile,
  resolveRoute,
  ROUTES,
  STRIPPED_REQUEST_HEADERS,
} from '../src';
import { type Manifest, manifests, ofKind, readManifests } from './k8s-files';

const edge = readManifests('edge.yaml');
const routes = ofKind('HTTPRoute', edge);
const policies = (kind: string) => ofKind(kind, edge);
const gatewayName = ofKind('Gateway', edge)[0].metadata.name;

type Match = { path: { type: 'PathPrefix' | 'RegularExpression'; value: string }; method?: string };
type BackendRef = { name: string; port: number };
const backendOf = (route: Manifest): BackendRef => route.spec.rules[0].backendRefs[0];
const appRoutes = routes.filter((r) => r.spec.rules.some((rule: { backendRefs?: unknown[] }) => rule.backendRefs));

/**
 * The route the edge picks for a request, by Gateway API's precedence as Envoy Gateway implements it (sort.go): among
 * the matches of the HTTPS listener's routes, RegularExpression before PathPrefix, then the longest value.
 */
function routeFor(method: string, path: string): { route: Manifest; backend: BackendRef } | undefined {
  const https = routes.filter((r) => r.spec.parentRefs.every((p: { sectionName: string }) => p.sectionName === 'https'));
  const hits = https
    .flatMap((route) => (route.spec.rules[0].matches as Match[]).map((match) => ({ route, match })))
    .filter(({ match }) => !match.method || match.method === method)
    .filter(({ match }) =>
      match.path.type === 'PathPrefix' ? matchesPrefix(path, match.path.value) : new RegExp(match.path.value).test(path),
    )
    .sort(
      (a, b) =>
        Number(b.match.path.type === 'RegularExpression') - Number(a.match.path.type === 'RegularExpression') ||
        b.match.path.value.length - a.match.path.value.length,
    );
  return hits[0] && { route: hits[0].route, backend: backendOf(hits[0].route) };
}

/** The app each path matcher of the local edge's Caddyfile names, by prefix (`@survey_builder_api path /api/surveys ...`). */
function caddyApps(): Map<string, AppName> {
  const caddyfile = renderCaddyfile({
    upstreams: localUpstreams(),
    bind: '127.0.0.1',
    httpPort: 8080,
    storageDir: '/x',
    accessLog: 'stdout',
    corsOrigins: [],
  });
  const byPrefix = new Map<string, AppName>();
  for (const [, matcher, paths] of caddyfile.matchAll(/^\t@(\w+) path (.+)$/gm)) {
    for (const path of paths.split(' ').filter((p) => !p.endsWith('/*'))) byPrefix.set(path, matcher.replace(/_/g, '-') as AppName);
  }
  return byPrefix;
}

describe('the cluster edge routes like the route table and the local edge', () => {
  const services = new Map(ofKind('Service').map((s) => [s.metadata.name, s.spec.ports.map((p: { port: number }) => p.port)]));
  const caddy = caddyApps();

  it.each(ROUTES.map((r) => [r.prefix, r.app]))('sends %s to %s, as resolveRoute and the Caddyfile do', (prefix, app) => {
    expect(caddy.get(prefix)).toBe(app);
    for (const path of [prefix, `${prefix}/x/y`]) {
      expect(resolveRoute(path)?.app).toBe(app);
      const picked = routeFor('GET', path);
      expect(picked?.backend).toEqual({ name: app, port: APPS[app].port });
      expect(services.get(app)).toContain(picked?.backend.port);
    }
  });

  it('picks the longest prefix and nothing for paths outside the table', () => {
    for (const path of [
      '/api/v1/surveys/1',
      '/api/surveys/1',
      '/v1/ping',
      '/v10',
      '/api/v1',
      '/nope',
      '/internal/edge-identity/api/surveys',
    ]) {
      expect(routeFor('GET', path)?.backend.name).toBe(resolveRoute(path)?.app);
    }
  });

  it('routes each route with a limit of its own to its own route: the body held and limited at the edge up to 32 MiB, streamed past it', () => {
    const limits = clusterEdgeOptions(manifests).bodyLimits;
    for (const upload of limits.routes) {
      const path = upload.path.replace(/^\^|\$$/g, '').replace(/\[\^\/\]\+/g, 'p1');
      const picked = routeFor(upload.method, path)!;
      expect([picked.backend.name, resolveRoute(path)?.app]).toEqual([upload.app, upload.app]);
      const buffer = policies('BackendTrafficPolicy').find((p) => p.spec.targetRefs[0].name === picked.route.metadata.name)!.spec
        .requestBuffer;
      expect(buffer?.limit).toBe(upload.bytes <= EDGE_BUFFER_MAX_BYTES ? quantity(upload.bytes) : undefined);
      // Another method on the same path, or a path below it, is the app's ordinary route, with the app's ordinary limit.
      expect(routeFor('GET', path)!.route.metadata.name).toBe(upload.app);
      expect(routeFor(upload.method, `${path}/more`)!.route.metadata.name).toBe(upload.app);
      const main = policies('BackendTrafficPolicy').find((p) => p.metadata.name === upload.app)!;
      expect(main.spec.requestBuffer.limit).toBe(quantity(limits.defaults[upload.app]!));
    }
  });
});

describe('the cluster edge is HTTPS only, checks the builder’s callers and answers CORS', () => {
  it('serves the apps on the HTTPS listener only; HTTP only redirects; HSTS on HTTPS answers', () => {
    const [gateway] = ofKind('Gateway', edge);
    expect(gateway.spec.listeners.map((l: { name: string; protocol: string; port: number }) => [l.name, l.protocol, l.port])).toEqual([
      ['http', 'HTTP', 80],
      ['https', 'HTTPS', 443],
    ]);
    const certificate = ofKind('Certificate', edge)[0];
    expect(gateway.spec.listeners[1].tls).toEqual({
      mode: 'Terminate',
      certificateRefs: [{ kind: 'Secret', name: certificate.spec.secretName }],
    });
    const onHttp = routes.filter((r) => r.spec.parentRefs.some((p: { sectionName: string }) => p.sectionName !== 'https'));
    expect(onHttp).toHaveLength(1);
    expect(onHttp[0].spec.rules).toEqual([
      { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] },
    ]);
    for (const route of routes) expect(route.spec.parentRefs.every((p: { name: string }) => p.name === gatewayName)).toBe(true);
    const [client] = policies('ClientTrafficPolicy');
    expect(client.spec.targetRefs).toEqual([expect.objectContaining({ kind: 'Gateway', name: gatewayName, sectionName: 'https' })]);
    expect(client.spec.headers.lateResponseHeaders.set).toContainEqual({ name: 'Strict-Transport-Security', value: HSTS });
  });

  it("puts the identity check on the builder's routes and only there; removes client identity headers before it", () => {
    const builderRoutes = appRoutes.filter((r) => backendOf(r).name === IDENTITY_CHECK.app).map((r) => r.metadata.name);
    expect(builderRoutes).not.toEqual([]);
    const checked = policies('SecurityPolicy').filter((p) => p.spec.extAuth);
    expect(checked.flatMap((p) => p.spec.targetRefs.map((t: { name: string }) => t.name)).sort()).toEqual(builderRoutes.sort());
    expect(checked[0].spec.extAuth).toMatchObject({
      failOpen: false,
      headersToExtAuth: [...IDENTITY_CHECK.forwardedHeaders],
      http: {
        path: IDENTITY_CHECK.path,
        headersToBackend: [...IDENTITY_CHECK.identityHeaders],
        backendRefs: [{ name: IDENTITY_CHECK.app, port: APPS[IDENTITY_CHECK.app].port }],
      },
    });
    expect(checked[0].spec.extAuth.http.pathOverride).toBeUndefined();
    const early = policies('ClientTrafficPolicy')[0].spec.headers.earlyRequestHeaders;
    expect(early.remove).toEqual(expect.arrayContaining([...STRIPPED_REQUEST_HEADERS]));
    expect(early.removeOnMatch).toEqual([{ type: 'Prefix', value: 'x-user-' }]);
  });

  it('gives every app route exactly one SecurityPolicy, each with the CORS of CORS_POLICY and no credentials', () => {
    const targets = policies('SecurityPolicy').flatMap((p) => p.spec.targetRefs.map((t: { name: string }) => t.name));
    expect(targets.sort()).toEqual(appRoutes.map((r) => r.metadata.name).sort());
    for (const policy of policies('SecurityPolicy')) {
      expect(policy.spec.cors).toEqual({
        allowOrigins: expect.any(Array),
        allowMethods: [...CORS_POLICY.allowMethods],
        allowHeaders: [...CORS_POLICY.allowHeaders],
        exposeHeaders: [...CORS_POLICY.exposeHeaders],
        maxAge: `${CORS_POLICY.maxAgeSeconds}s`,
        allowCredentials: false,
      });
    }
  });
});

describe('the cluster edge’s own answers and the NetworkPolicies', () => {
  const ajv = new Ajv({ allErrors: true });
  // The schemas are OpenAPI's, which carry examples beside the validation keywords.
  ajv.addKeyword('example');
  addFormats(ajv);
  const schemaOf = (app: string, code: string) =>
    app === 'recruiting-api'
      ? recruitingErrorSchema([code])
      : app === 'survey-builder-api'
        ? builderErrorSchema([code])
        : raceContentErrorSchema([code]);

  it("answers 413, 502, 503 and 504 of its own in the service's error body, and never touches the check's 401/403", () => {
    for (const policy of policies('BackendTrafficPolicy')) {
      const app = backendOf(routes.find((r) => r.metadata.name === policy.spec.targetRefs[0].name)!).name;
      const statuses = policy.spec.responseOverride.map(
        (o: { match: { statusCodes: Array<{ value: number }> } }) => o.match.statusCodes[0].value,
      );
      expect(statuses).toEqual(policy.spec.requestBuffer ? [413, 502, 503, 504] : [502, 503, 504]);
      for (const [i, override] of policy.spec.responseOverride.entries()) {
        expect(override.source).toBe('Local');
        const text = override.response.body.inline
          .replace('%REQ(:METHOD)%', 'POST')
          .replace(/%START_TIME\([^)]*\)%/, new Date().toISOString())
          .replace(/%%/g, '%');
        const body = JSON.parse(text);
        const validate = ajv.compile(schemaOf(app, EDGE_ERRORS[statuses[i]].code));
        expect([app, statuses[i], validate(body) ? 'valid' : validate.errors]).toEqual([app, statuses[i], 'valid']);
      }
    }
  });

  it('admits to each app only the Envoy Gateway proxies of the platform Gateway on its port (and labelled callers to the builder), and Prometheus for /metrics', () => {
    const netpols = ofKind('NetworkPolicy', edge);
    for (const deployment of ofKind('Deployment')) {
      const app = deployment.metadata.name as AppName;
      const labels = deployment.spec.template.metadata.labels;
      const selecting = netpols.filter((n) => Object.entries(n.spec.podSelector.matchLabels).every(([k, v]) => labels[k] === v));
      expect(selecting).toHaveLength(1);
      const { policyTypes, ingress } = selecting[0].spec;
      expect(policyTypes).toEqual(['Ingress']);
      const appPort = [{ protocol: 'TCP', port: deployment.spec.template.spec.containers[0].ports[0].containerPort }];
      // The Prometheus Operator's Prometheus pods in the monitoring namespace, on the app's port (GET /metrics).
      const scrape = {
        from: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
            podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus', 'app.kubernetes.io/managed-by': 'prometheus-operator' } },
          },
        ],
        ports: appPort,
      };
      if (APPS[app].http === 'probes-only') {
        expect(ingress).toEqual([scrape]);
        continue;
      }
      const gatewayPeer = {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ENVOY_PROXY_PODS.namespace } },
        podSelector: { matchLabels: { ...ENVOY_PROXY_PODS.labels, [ENVOY_PROXY_PODS.owningGatewayLabel]: gatewayName } },
      };
      const callers = app === IDENTITY_CHECK.app ? [{ podSelector: { matchLabels: { 'platform/survey-builder-client': 'true' } } }] : [];
      expect(ingress).toEqual([{ from: [gatewayPeer, ...callers], ports: appPort }, scrape]);
    }
  });
});
