import { ENVOY_PROXY_PODS, PROMETHEUS_PODS } from './cluster-addons';
import { IDENTITY_CHECK } from './edge-policy';
import { type EdgeObject, GATEWAY } from './gateway-api';
import { type AppName, APPS } from './route-table';

/**
 * Who may open a connection to each app's pods: the edge's proxies on the app's port, and for the builder also the
 * in-cluster callers the spec keeps its own port for; on every app (workers included) Prometheus, for GET /metrics on
 * the same port. Only ingress is restricted (egress and DNS stay open). Kubelet probes are not subject to
 * NetworkPolicy, so the workers, which serve probes and metrics only, accept no connection but Prometheus'.
 */

/** The label that lets a pod in the platform's namespace call the survey builder's port directly. */
export const BUILDER_CLIENT_LABEL = { 'platform/survey-builder-client': 'true' } as const;

/** Envoy Gateway's proxy pods for the platform Gateway, in Envoy Gateway's namespace. */
export const edgePeer = () => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ENVOY_PROXY_PODS.namespace } },
  podSelector: { matchLabels: { ...ENVOY_PROXY_PODS.labels, [ENVOY_PROXY_PODS.owningGatewayLabel]: GATEWAY.name } },
});

/** The Prometheus Operator's Prometheus pods in the monitoring namespace (k8s/components/observability/ scrapes /metrics). */
export const prometheusPeer = () => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': PROMETHEUS_PODS.namespace } },
  podSelector: { matchLabels: { ...PROMETHEUS_PODS.labels } },
});

export function networkPolicy(app: AppName): EdgeObject {
  const port = [{ protocol: 'TCP', port: APPS[app].port }];
  const api = APPS[app].http === 'api';
  const builder = app === IDENTITY_CHECK.app;
  const from = [edgePeer(), ...(builder ? [{ podSelector: { matchLabels: { ...BUILDER_CLIENT_LABEL } } }] : [])];
  const scrape = { from: [prometheusPeer()], ports: port };
  const comment = !api
    ? [
        `${app} serves probes and metrics only: Prometheus (namespace ${PROMETHEUS_PODS.namespace}) is admitted for /metrics,`,
        `nothing else (the kubelet's probes are not subject to NetworkPolicy).`,
      ].join('\n')
    : builder
      ? [
          `${app}: from the edge, and from pods of this namespace labelled`,
          `${Object.entries(BUILDER_CLIENT_LABEL)[0].join('=')} (the in-cluster callers of its own port);`,
          `Prometheus (namespace ${PROMETHEUS_PODS.namespace}) for /metrics.`,
        ].join('\n')
      : `${app}: from the edge; Prometheus (namespace ${PROMETHEUS_PODS.namespace}) for /metrics.`;
  return {
    comment,
    manifest: {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: app },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': app } },
        policyTypes: ['Ingress'],
        ingress: api ? [{ from, ports: port }, scrape] : [scrape],
      },
    },
  };
}
