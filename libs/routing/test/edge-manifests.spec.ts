import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusterValidator } from '@platform/testing/deployment';
import { workspaceRoot } from '@platform/testing/harness';
import { buildEdgeObjects, CLUSTER_ADDONS, clusterEdgeOptions, DEFAULT_CLUSTER_EDGE, renderEdgeYaml, renderGatewayClassYaml } from '../src';
import { k8sDir, k8sRoot, type Manifest, manifests, named, readManifests } from './k8s-files';

const edge = readManifests('edge.yaml');
const configMap = manifests.find((m) => m.kind === 'ConfigMap')!.data!;

describe('the cluster edge files (k8s/base/edge.yaml, k8s/cluster/gatewayclass.yaml)', () => {
  it('are exactly what the generator writes from the route table, the edge policy and the apps’ settings', () => {
    const options = clusterEdgeOptions(manifests, {});
    expect(readFileSync(join(k8sDir, 'edge.yaml'), 'utf8')).toBe(renderEdgeYaml(options));
    expect(readFileSync(join(k8sRoot, 'cluster', 'gatewayclass.yaml'), 'utf8')).toBe(renderGatewayClassYaml());
    expect(readFileSync(join(k8sDir, 'edge.yaml'), 'utf8')).toMatch(/^# Generated from libs\/routing .* Do not edit\./);
  });

  it('are written for the add-on releases whose schemas scripts/schemas.sh fetches', () => {
    const script = readFileSync(join(workspaceRoot, 'scripts', 'schemas.sh'), 'utf8');
    const fetched = [...script.matchAll(/^[ \t]*"[\w-]+ (\S+)@(v\S+) /gm)].map(([, module, version]) => `${module}@${version}`);
    for (const { module, version } of Object.values(CLUSTER_ADDONS)) expect(fetched).toContain(`${module}@${version}`);
    expect(readFileSync(join(k8sDir, 'edge.yaml'), 'utf8')).toContain(`Envoy Gateway ${CLUSTER_ADDONS.envoyGateway.version}`);
  });

  it('serve the host of the public URLs in platform-config, and allow its console origin', () => {
    for (const key of ['OIDC_REDIRECT_URL', 'PUBLIC_SCHEDULING_URL'])
      expect(new URL(configMap[key]).hostname).toBe(DEFAULT_CLUSTER_EDGE.host);
    const gateway = named('Gateway', 'platform')!;
    expect(gateway.spec.listeners.map((l: { hostname: string }) => l.hostname)).toEqual([
      DEFAULT_CLUSTER_EDGE.host,
      DEFAULT_CLUSTER_EDGE.host,
    ]);
    expect(named('Certificate', 'platform-tls')!.spec.dnsNames).toEqual([DEFAULT_CLUSTER_EDGE.host]);
    for (const policy of edge.filter((m) => m.kind === 'SecurityPolicy')) {
      expect(policy.spec.cors.allowOrigins).toEqual([new URL(configMap.FRONTEND_URL).origin]);
    }
  });

  it('take the host, the console origins and the proxy hops from the environment and platform-config', () => {
    const options = clusterEdgeOptions(manifests, {
      EDGE_HOST: 'api.example.org',
      CORS_ALLOWED_ORIGINS: 'https://console.example.org, http://localhost:5173',
    });
    expect(options).toMatchObject({ host: 'api.example.org', corsOrigins: ['https://console.example.org', 'http://localhost:5173'] });
    const withHops = (hops: string) =>
      clusterEdgeOptions(manifests.map((m) => (m.kind === 'ConfigMap' ? { ...m, data: { ...m.data, TRUSTED_PROXY_HOPS: hops } } : m)));
    const client = (hops: string) => buildEdgeObjects(withHops(hops)).find((o) => o.manifest.kind === 'ClientTrafficPolicy')!.manifest.spec;
    // One hop, the edge itself: Envoy's client is its peer (no clientIPDetection); two: it trusts the proxy before it.
    expect(client('1').clientIPDetection).toBeUndefined();
    expect(client('2').clientIPDetection).toEqual({ xForwardedFor: { numTrustedHops: 1 } });
    expect(() => withHops('0')).toThrow(/TRUSTED_PROXY_HOPS/);
    // The builder's bundle limit follows its setting in platform-config (SURVEY_BUNDLE_MAX_BYTES, read as BUNDLE_MAX_BYTES);
    // its other routes keep the 1 MiB default.
    const bigger = clusterEdgeOptions(
      manifests.map((m) => (m.kind === 'ConfigMap' ? { ...m, data: { ...m.data, SURVEY_BUNDLE_MAX_BYTES: String(30 * 1024 * 1024) } } : m)),
    );
    expect(bigger.bodyLimits.routes.find((r) => r.app === 'survey-builder-api')?.bytes).toBe(30 * 1024 * 1024);
    expect(bigger.bodyLimits.defaults['survey-builder-api']).toBe(1024 * 1024);
  });
});

describe('the schema check of the cluster edge', () => {
  const validate = clusterValidator();
  const object = (kind: string, name: string) => structuredClone(edge.find((m) => m.kind === kind && m.metadata.name === name)!);
  const problems = (change: (m: Manifest) => void, kind: string, name: string) => {
    const copy = object(kind, name);
    expect(validate(copy)).toEqual([]);
    change(copy);
    return validate(copy);
  };

  it('refuses a misspelt field and a wrong value in Gateway API objects (the CRDs of the standard channel)', () => {
    const rule = (m: Manifest) => m.spec.rules[0];
    expect(problems((m) => (rule(m).backendRef = rule(m).backendRefs), 'HTTPRoute', 'survey-builder-api')).toEqual([
      expect.stringMatching(/rules\/0 must NOT have additional properties .*backendRef"/),
    ]);
    expect(problems((m) => (rule(m).matches[0].path.type = 'Prefix'), 'HTTPRoute', 'survey-builder-api')).toEqual([
      expect.stringContaining('/spec/rules/0/matches/0/path/type must be equal to one of the allowed values'),
    ]);
    expect(problems((m) => (m.spec.listeners[1].tls.mode = 'Terminated'), 'Gateway', 'platform')).not.toEqual([]);
    // An experimental-channel field is not part of the standard channel the edge is written for.
    expect(problems((m) => (m.spec.rules[0].name = 'all'), 'HTTPRoute', 'platform-http-redirect')).toEqual([]);
    expect(problems((m) => (m.spec.rules[0].sessionPersistence = {}), 'HTTPRoute', 'platform-http-redirect')).not.toEqual([]);
  });

  it("refuses a misspelt field and a wrong type in Envoy Gateway's policies", () => {
    expect(
      problems(
        (m) => (m.spec.extAuth.http.headersToBackends = m.spec.extAuth.http.headersToBackend),
        'SecurityPolicy',
        'survey-builder-api-identity',
      ),
    ).toEqual([expect.stringMatching(/extAuth\/http must NOT have additional properties .*headersToBackends"/)]);
    expect(problems((m) => (m.spec.requestBuffer.limit = { bytes: 1 }), 'BackendTrafficPolicy', 'survey-builder-api')).not.toEqual([]);
    expect(problems((m) => (m.spec.requestBuffer.limit = 1048576), 'BackendTrafficPolicy', 'survey-builder-api')).toEqual([]);
    expect(problems((m) => (m.spec.headers.requestId = 'Generate'), 'ClientTrafficPolicy', 'platform')).toEqual([
      expect.stringMatching(/headers must NOT have additional properties .*requestId"/),
    ]);
  });

  it("refuses a misspelt field in cert-manager's objects, in NetworkPolicy (Kubernetes' own schema) and in metadata", () => {
    expect(problems((m) => (m.spec.dnsName = m.spec.dnsNames), 'Certificate', 'platform-tls')).toEqual([
      expect.stringMatching(/spec must NOT have additional properties .*dnsName"/),
    ]);
    expect(problems((m) => (m.spec.acme.solvers[0].http01.gatewayHttpRoute = {}), 'Issuer', 'letsencrypt')).not.toEqual([]);
    expect(problems((m) => (m.spec.podSelectr = m.spec.podSelector), 'NetworkPolicy', 'recruiting-api')).toEqual([
      expect.stringContaining('podSelectr'),
    ]);
    expect(problems((m) => ((m.metadata as Record<string, unknown>).label = {}), 'HTTPRoute', 'ai-webhook')).toEqual([
      expect.stringMatching(/metadata must NOT have additional properties .*"label"/),
    ]);
  });
});
