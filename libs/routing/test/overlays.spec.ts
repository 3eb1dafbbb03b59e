import { clusterValidator, imagePinProblem } from '@platform/testing/deployment';
import { APP_NAMES } from '../src';
import { type Manifest, ofKind, readManifests, rendered } from './k8s-files';

/** Every container and init container of the rendered Deployments, with its Deployment's name. */
/** Every container of the Deployments and of the backup CronJob (k8s/components/backup), with its workload's name. */
const containersOf = (objects: Manifest[]) =>
  [
    ...ofKind('Deployment', objects).map((d) => ({ name: d.metadata.name, pod: d.spec.template.spec })),
    ...ofKind('CronJob', objects).map((c) => ({ name: c.metadata.name, pod: c.spec.jobTemplate.spec.template.spec })),
  ].flatMap(({ name, pod }) =>
    [...pod.containers, ...(pod.initContainers ?? [])].map((c: { image: string }) => ({ deployment: name, image: c.image })),
  );

/** Objects without a namespace of their own in Kubernetes. */
const CLUSTER_SCOPED = ['Namespace', 'GatewayClass', 'ClusterRole', 'ClusterRoleBinding'];

/**
 * k8s/ as operators use it: a base with no optional add-on, components they opt into, and overlays that set the
 * namespace and the images. Each is rendered by kustomize itself (scripts/schemas.sh builds it), as `kubectl apply -k`
 * renders it, and checked against the API schemas and the add-ons' CRDs.
 */
describe('the kustomize base, components and overlays', () => {
  const overlays = { production: rendered('overlays/production'), local: rendered('overlays/local') };
  const base = rendered('base');

  it('renders every overlay into objects the API server and the add-ons’ CRDs accept', () => {
    const validate = clusterValidator();
    for (const [name, objects] of Object.entries(overlays)) {
      expect(objects.length).toBeGreaterThan(50);
      expect([name, objects.flatMap((object) => validate(object) ?? [])]).toEqual([name, []]);
    }
  });

  it('applies the base on a cluster without KEDA or the Prometheus Operator: no object of theirs is in it', () => {
    const groups = new Set(base.map((object) => object.apiVersion.split('/')[0]));
    expect([...groups].filter((group) => /keda\.sh|monitoring\.coreos\.com/.test(group))).toEqual([]);
    // What the components add, and only there.
    const kinds = (objects: Manifest[]) => new Set(objects.map((object) => object.kind));
    for (const kind of ['ScaledObject', 'TriggerAuthentication', 'ServiceMonitor', 'PrometheusRule'])
      expect([kind, kinds(overlays.production).has(kind)]).toEqual([kind, true]);
  });

  it('puts everything in one namespace that enforces Pod Security "restricted"', () => {
    for (const [name, objects] of Object.entries(overlays)) {
      const namespace = ofKind('Namespace', objects);
      expect(namespace.map((n) => n.metadata.name)).toEqual(['platform']);
      expect(namespace[0].metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
      const elsewhere = objects.filter((o) => !CLUSTER_SCOPED.includes(o.kind) && o.metadata.namespace !== 'platform');
      expect([name, elsewhere.map((o) => `${o.kind}/${o.metadata.name}`)]).toEqual([name, []]);
    }
  });

  it('names the images in one place, the overlay: the base’s placeholder never reaches a cluster', () => {
    const base = containersOf(rendered('base'));
    expect(new Set(base.map((c) => c.image))).toEqual(new Set(APP_NAMES.map((app) => `registry.invalid/platform/${app}`)));
    for (const [name, repository, tag] of [
      ['production', 'registry.example.com/platform', /^\d+\.\d+\.\d+$/],
      ['local', 'localhost/platform', /^dev$/],
    ] as const) {
      const containers = containersOf(overlays[name]);
      for (const { deployment, image } of containers) {
        const [, at, , release] = /^(.*)\/([^/:]+):([^:]+)$/.exec(image) ?? [];
        expect([name, deployment, at]).toEqual([name, deployment, repository]);
        expect(release).toMatch(tag);
      }
      // One release for all six.
      expect(new Set(containers.map(({ image }) => image.split(':').pop())).size).toBe(1);
      // Third-party images (none today) are pinned to an exact release.
      const own = containers.filter(({ image }) => image.startsWith(`${repository}/`));
      expect(containers.filter((c) => !own.includes(c)).flatMap(({ image }) => imagePinProblem(image) ?? [])).toEqual([]);
    }
    // Both overlays run the backup CronJob and the reference, whose images are named with the apps'.
    for (const name of ['production', 'local'] as const) {
      const workloads = new Set(containersOf(overlays[name]).map(({ deployment }) => deployment));
      expect([name, workloads.has('platform-backup'), workloads.has('platform-docs')]).toEqual([name, true, true]);
    }
    const production = readManifests('../overlays/production/kustomization.yaml')[0] as unknown as { images: unknown[] };
    expect(production.images).toHaveLength(APP_NAMES.length + 2);
  });

  it('serves the API reference at /docs from its own component: two restricted replicas, a PDB, a route and the edge only', () => {
    for (const [name, objects] of Object.entries(overlays)) {
      const named = (kind: string) => ofKind(kind, objects).find((o) => o.metadata.name === 'platform-docs');
      const deployment = named('Deployment')!;
      const service = named('Service')!;
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect([name, deployment.spec.replicas, pod.automountServiceAccountToken, container.securityContext]).toEqual([
        name,
        2,
        false,
        expect.objectContaining({ runAsNonRoot: true, readOnlyRootFilesystem: true, seccompProfile: { type: 'RuntimeDefault' } }),
      ]);
      expect(container.readinessProbe.httpGet).toEqual({ path: '/docs/', port: 'http' });
      expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
      expect(named('PodDisruptionBudget')!.spec.minAvailable).toBe(1);
      const route = named('HTTPRoute')!.spec;
      expect(route.parentRefs).toEqual([{ name: 'platform', sectionName: 'https' }]);
      expect(route.rules[0].matches).toEqual([{ path: { type: 'PathPrefix', value: '/docs' } }]);
      expect(route.rules[0].backendRefs).toEqual([{ name: 'platform-docs', port: service.spec.ports[0].port }]);
      const policy = named('NetworkPolicy')!.spec;
      expect(policy.ingress.map((rule: { ports: Array<{ port: number }> }) => rule.ports[0].port)).toEqual([8080]);
    }
    // Not in the base: an overlay opts into it.
    expect(ofKind('Deployment', base).map((d) => d.metadata.name)).not.toContain('platform-docs');
  });

  it('gives every app a ServiceAccount of its own that mounts no token', () => {
    const objects = overlays.production;
    for (const app of APP_NAMES) {
      const account = ofKind('ServiceAccount', objects).find((a) => a.metadata.name === app) as unknown as {
        automountServiceAccountToken: boolean;
      };
      expect([app, account?.automountServiceAccountToken]).toEqual([app, false]);
      const pod = ofKind('Deployment', objects).find((d) => d.metadata.name === app)!.spec.template.spec;
      expect([app, pod.serviceAccountName, pod.automountServiceAccountToken]).toEqual([app, app, false]);
    }
  });

  it('labels every object with the recommended app.kubernetes.io labels', () => {
    for (const object of overlays.production) {
      const labels = object.metadata.labels ?? {};
      expect([object.kind, object.metadata.name, labels['app.kubernetes.io/part-of'], labels['app.kubernetes.io/managed-by']]).toEqual([
        object.kind,
        object.metadata.name,
        'platform',
        'kustomize',
      ]);
    }
    const componentOf = (app: string) => (app === 'platform-docs' ? 'reference' : app.endsWith('-worker') ? 'worker' : 'api');
    for (const deployment of ofKind('Deployment', overlays.production)) {
      const app = deployment.metadata.name;
      const expected = { 'app.kubernetes.io/name': app, 'app.kubernetes.io/component': componentOf(app) };
      expect(deployment.metadata.labels).toMatchObject({ ...expected, 'app.kubernetes.io/version': expect.any(String) });
      expect(deployment.spec.template.metadata.labels).toMatchObject(expected);
    }
  });

  it("points the local overlay at the machine's services through Services without selectors, and only the local one", () => {
    const backing = ['postgres', 'rabbitmq', 'redis', 'mongo', 's3'];
    const services = ofKind('Service', overlays.local).filter((s) => !s.spec.selector);
    expect(services.map((s) => s.metadata.name).sort()).toEqual([...backing].sort());
    type Slice = Manifest & { endpoints: Array<{ addresses: string[] }>; ports: Array<{ port: number }> };
    for (const service of services) {
      const slices = (ofKind('EndpointSlice', overlays.local) as Slice[]).filter(
        (e) => e.metadata.labels?.['kubernetes.io/service-name'] === service.metadata.name,
      );
      expect(slices).toHaveLength(1);
      // The node address scripts/cluster.sh gives the pod bridge, where its relays listen; on the service's port.
      expect(slices[0].endpoints).toEqual([{ addresses: ['10.244.0.1'] }]);
      expect(slices[0].ports[0].port).toBe(service.spec.ports[0].port);
    }
    expect(ofKind('EndpointSlice', overlays.production)).toEqual([]);
    const config = ofKind('ConfigMap', overlays.local).find((c) => c.metadata.name === 'platform-config')!;
    expect(config.data).toMatchObject({ S3_ENDPOINT: 'http://s3:7070', AI_PROVIDER: 'local' });
  });
});
