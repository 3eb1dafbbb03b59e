import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { workspaceRoot } from '@platform/testing';
import { APP_NAMES, APPS, renderIngressYaml, resolveRoute, ROUTES } from '../src';

// Parsed YAML, walked field by field in the assertions below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Manifest = { kind: string; metadata: { name: string }; spec: Record<string, any>; data?: Record<string, string> };

const k8sDir = join(workspaceRoot, 'k8s');
const manifests: Manifest[] = readdirSync(k8sDir)
  .filter((file) => file.endsWith('.yaml') && file !== 'secret.example.yaml')
  .flatMap((file) => parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8')).map((doc) => doc.toJS() as Manifest));
const ofKind = (kind: string) => manifests.filter((m) => m.kind === kind);

describe('Kubernetes manifests', () => {
  const ingress = ofKind('Ingress')[0];
  const ingressPaths: Array<{ path: string; pathType: string; backend: { service: { name: string; port: { number: number } } } }> =
    ingress.spec.rules[0].http.paths;

  it('ingress.yaml is exactly what the route table generates', () => {
    expect(readFileSync(join(k8sDir, 'ingress.yaml'), 'utf8')).toBe(renderIngressYaml());
  });

  it('has the same prefixes and targets as the route table, all of type Prefix', () => {
    const fromIngress = ingressPaths.map((p) => `${p.path} -> ${p.backend.service.name}`).sort();
    expect(fromIngress).toEqual(ROUTES.map((r) => `${r.prefix} -> ${r.app}`).sort());
    expect(new Set(ingressPaths.map((p) => p.pathType))).toEqual(new Set(['Prefix']));
  });

  it('routes sample paths like the gateway does (longest prefix wins)', () => {
    const byIngress = (path: string) =>
      ingressPaths.filter((p) => path === p.path || path.startsWith(`${p.path}/`)).sort((a, b) => b.path.length - a.path.length)[0]?.backend
        .service.name;
    for (const path of ['/api/v1/surveys/1', '/api/surveys/1', '/v1/blogs', '/api/v1/webhooks/ai-status', '/api/v1/users/me', '/nope']) {
      expect(byIngress(path)).toBe(resolveRoute(path)?.app);
    }
  });

  it('points every ingress path at an existing Service and its port', () => {
    const services = new Map(ofKind('Service').map((s) => [s.metadata.name, s.spec.ports.map((p: { port: number }) => p.port)]));
    for (const { backend } of ingressPaths) {
      expect(services.get(backend.service.name)).toContain(backend.service.port.number);
    }
  });

  it.each(APP_NAMES)('has a Deployment and a Service for %s on its port, selecting its pods', (app) => {
    const deployment = ofKind('Deployment').find((d) => d.metadata.name === app);
    const service = ofKind('Service').find((s) => s.metadata.name === app);
    expect(deployment).toBeDefined();
    expect(service).toBeDefined();
    const container = deployment!.spec.template.spec.containers[0];
    expect(container.ports).toEqual([{ name: 'http', containerPort: APPS[app].port }]);
    expect(service!.spec.ports).toEqual([{ name: 'http', port: APPS[app].port, targetPort: 'http' }]);
    expect(deployment!.spec.template.metadata.labels).toMatchObject(service!.spec.selector);
    expect(deployment!.spec.selector.matchLabels).toEqual(service!.spec.selector);
    for (const probe of ['livenessProbe', 'readinessProbe']) {
      expect(container[probe].httpGet).toMatchObject({ port: 'http', path: expect.stringMatching(/^\//) });
    }
  });

  it('takes every ConfigMap and Secret key a Deployment references from the ConfigMap and the Secret template', () => {
    const configMap = ofKind('ConfigMap')[0];
    const secret = parseAllDocuments(readFileSync(join(k8sDir, 'secret.example.yaml'), 'utf8'))[0].toJS();
    for (const deployment of ofKind('Deployment')) {
      const pod = deployment.spec.template.spec;
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        for (const variable of container.env) {
          const fromConfig = variable.valueFrom?.configMapKeyRef;
          const fromSecret = variable.valueFrom?.secretKeyRef;
          if (fromConfig)
            expect([fromConfig.name, Object.keys(configMap.data ?? {})]).toEqual([
              'platform-config',
              expect.arrayContaining([fromConfig.key]),
            ]);
          if (fromSecret)
            expect([fromSecret.name, Object.keys(secret.stringData)]).toEqual([
              'platform-secrets',
              expect.arrayContaining([fromSecret.key]),
            ]);
          if (!fromConfig && !fromSecret) expect(variable.value).toEqual(expect.any(String));
        }
      }
    }
  });

  it('lists every manifest in the kustomization', () => {
    const kustomization = parseAllDocuments(readFileSync(join(k8sDir, 'kustomization.yaml'), 'utf8'))[0].toJS();
    const files = readdirSync(k8sDir).filter((f) => f.endsWith('.yaml') && !['kustomization.yaml', 'secret.example.yaml'].includes(f));
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });
});
