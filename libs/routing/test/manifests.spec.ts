import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusterValidator, kubernetesValidator } from '@platform/testing/deployment';
import { workspaceRoot } from '@platform/testing/harness';
import { APP_NAMES, APPS } from '../src';
import { k8sDir, manifests, ofKind, readManifests, rendered } from './k8s-files';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const kustomization: any = readManifests('kustomization.yaml')[0];

describe('Kubernetes manifests', () => {
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
    const secret = readManifests('secret.example.yaml')[0] as unknown as { stringData: Record<string, string> };
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
    const files = readdirSync(k8sDir).filter((f) => f.endsWith('.yaml') && !['kustomization.yaml', 'secret.example.yaml'].includes(f));
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });

  it('are valid against the Kubernetes API schemas and the CRDs of the cluster add-ons, misspelt fields included', () => {
    const validate = clusterValidator();
    const objects = [
      ...manifests.filter((m) => m.kind !== 'Kustomization'),
      ...readManifests('secret.example.yaml'),
      ...readManifests('../cluster/gatewayclass.yaml'),
      ...readManifests('../components/keda/scaled-objects.yaml'),
    ];
    expect(objects.map((m) => m.kind)).toEqual(
      expect.arrayContaining([
        'ConfigMap',
        'Deployment',
        'Service',
        'Secret',
        'NetworkPolicy',
        'Gateway',
        'HTTPRoute',
        'GatewayClass',
        'PodDisruptionBudget',
        'HorizontalPodAutoscaler',
        'ScaledObject',
        'TriggerAuthentication',
      ]),
    );
    const problems = objects.flatMap((m) => validate(m).map((problem) => `${m.kind} ${m.metadata.name}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('is checked against those schemas for real: an unknown field, a wrong type or an unknown kind is refused', () => {
    const validate = kubernetesValidator();
    const deployment = structuredClone(ofKind('Deployment')[0]);
    expect(validate({ ...deployment, spec: { ...deployment.spec, replica: 2 } })).toEqual([expect.stringContaining('replica')]);
    const service = structuredClone(ofKind('Service')[0]);
    service.spec.ports[0].port = 'http';
    expect(validate(service)).not.toEqual([]);
    expect(validate({ apiVersion: 'apps/v1', kind: 'Deploymnet' })).toEqual([
      'apps/v1 Deploymnet is not a kind of apis__apps__v1_openapi.json',
    ]);
    expect(validate({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' })).toEqual([
      'kustomize.config.k8s.io/v1beta1 is not an API of Kubernetes itself',
    ]);
  });

  it('runs every container as Pod Security "restricted" admits it: a numeric non-root user, seccomp RuntimeDefault, no privilege, a read-only root', () => {
    const dockerfile = readFileSync(join(workspaceRoot, 'docker/Dockerfile'), 'utf8');
    // The kubelet can verify runAsNonRoot only for a numeric user; the image's own USER is numeric too.
    expect(/^USER (\S+)$/m.exec(dockerfile)?.[1]).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    const containers = ofKind('Deployment').flatMap((d) =>
      [...d.spec.template.spec.containers, ...(d.spec.template.spec.initContainers ?? [])].map((c) => [d.metadata.name, c]),
    );
    expect(containers.length).toBeGreaterThanOrEqual(APP_NAMES.length);
    for (const [deployment, container] of containers) {
      expect([deployment, container.name, container.securityContext]).toEqual([
        deployment,
        container.name,
        {
          runAsNonRoot: true,
          runAsUser: expect.any(Number),
          runAsGroup: expect.any(Number),
          seccompProfile: { type: 'RuntimeDefault' },
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        },
      ]);
      expect(container.securityContext.runAsUser).toBeGreaterThan(0);
    }
  });

  it('keeps every app available through disruptions and scales it: a PDB, spread replicas, an autoscaler, a drain that outlasts the endpoint update', () => {
    // As an operator applies it: the production example, with the KEDA component.
    const objects = rendered('overlays/production');
    const configMap = ofKind('ConfigMap', objects).find((m) => m.metadata.name === 'platform-config')!;
    for (const app of APP_NAMES) {
      const deployment = ofKind('Deployment', objects).find((d) => d.metadata.name === app)!;
      const selector = deployment.spec.selector.matchLabels;
      const pdb = ofKind('PodDisruptionBudget', objects).find((p) => p.metadata.name === app);
      expect([app, pdb?.spec]).toEqual([app, { minAvailable: 1, selector: { matchLabels: selector } }]);
      // The autoscaler owns the count: a Deployment that named one would reset it at every apply.
      expect([app, deployment.spec.replicas]).toEqual([app, undefined]);
      const pod = deployment.spec.template.spec;
      expect(pod.topologySpreadConstraints.map((c: { topologyKey: string }) => c.topologyKey)).toContain('kubernetes.io/hostname');
      for (const constraint of pod.topologySpreadConstraints) expect(constraint.labelSelector.matchLabels).toEqual(selector);
      // preStop, then the app's own drain, inside the grace period.
      const preStop = pod.containers[0].lifecycle.preStop.sleep.seconds;
      expect(preStop + Number(configMap.data!.SHUTDOWN_TIMEOUT_MS) / 1000).toBeLessThan(pod.terminationGracePeriodSeconds);
      const hpa = ofKind('HorizontalPodAutoscaler', objects).find((h) => h.spec.scaleTargetRef.name === app);
      const scaled = ofKind('ScaledObject', objects).find((o) => o.spec.scaleTargetRef.name === app);
      // One autoscaler each (KEDA makes its own HPA, which must not meet a second one).
      expect([app, Number(Boolean(hpa)) + Number(Boolean(scaled))]).toEqual([app, 1]);
      expect(hpa?.spec.minReplicas ?? scaled?.spec.minReplicaCount).toBeGreaterThan(pdb!.spec.minAvailable);
    }
    const queueTriggers = ofKind('ScaledObject', objects).flatMap((o) =>
      o.spec.triggers
        .filter((t: { type: string }) => t.type === 'rabbitmq')
        .map((t: { metadata: { queueName: string } }) => t.metadata.queueName),
    );
    expect(queueTriggers.sort()).toEqual([
      'article-builder',
      'article-generation',
      'blog-generation',
      'blog-rewriter',
      'thumbnail-generation',
    ]);
  });
});
