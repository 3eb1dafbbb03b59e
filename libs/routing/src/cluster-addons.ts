/**
 * The cluster add-ons k8s/edge.yaml is written for, in one place: operators install them (docs/operations/deploying.md), the
 * generated file names them in its header, and scripts/schemas.sh fetches the schemas of exactly these releases
 * (libs/routing/test/edge-manifests.spec.ts checks that the two lists agree). To move to a newer release: change it
 * here and in scripts/schemas.sh, run `npm run k8s:edge` and the tests.
 */
export const CLUSTER_ADDONS = {
  /** The Gateway API implementation: Envoy Gateway, whose Helm chart also installs the Gateway API CRDs. */
  envoyGateway: { module: 'github.com/envoyproxy/gateway', version: 'v1.9.1' },
  /** The Gateway API release Envoy Gateway v1.9.1 bundles (its standard channel is all the edge uses). */
  gatewayApi: { module: 'sigs.k8s.io/gateway-api', version: 'v1.6.1' },
  /** Certificates for the HTTPS listener (ACME through the Gateway's HTTP listener). */
  certManager: { module: 'github.com/cert-manager/cert-manager', version: 'v1.21.2' },
  /** ServiceMonitor and PrometheusRule (k8s/components/observability/); v0.85.0 is the newest release the module proxy serves. */
  prometheusOperator: { module: 'github.com/prometheus-operator/prometheus-operator', version: 'v0.85.0' },
} as const;

/** The GatewayClass Envoy Gateway serves (its documentation's name), created once per cluster by the operators. */
export const GATEWAY_CLASS = { name: 'eg', controllerName: 'gateway.envoyproxy.io/gatewayclass-controller' } as const;

/**
 * Where Envoy Gateway runs the proxies of a Gateway (its controller's namespace, the default deployment mode) and the
 * labels it puts on their pods (EnvoyAppLabel and the owning-gateway label in Envoy Gateway's source): the
 * NetworkPolicies admit traffic from these pods only.
 */
export const ENVOY_PROXY_PODS = {
  namespace: 'envoy-gateway-system',
  labels: {
    'app.kubernetes.io/name': 'envoy',
    'app.kubernetes.io/component': 'proxy',
    'app.kubernetes.io/managed-by': 'envoy-gateway',
  },
  owningGatewayLabel: 'gateway.envoyproxy.io/owning-gateway-name',
} as const;

/**
 * Where the Prometheus that scrapes the apps runs: the `monitoring` namespace (kube-prometheus and the
 * kube-prometheus-stack chart's usual one) and the labels the Prometheus Operator puts on every Prometheus server pod
 * it runs. The NetworkPolicies admit these pods on each app's port, for GET /metrics.
 */
export const PROMETHEUS_PODS = {
  namespace: 'monitoring',
  labels: {
    'app.kubernetes.io/name': 'prometheus',
    'app.kubernetes.io/managed-by': 'prometheus-operator',
  },
} as const;
