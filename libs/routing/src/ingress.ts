import { stringify } from 'yaml';
import { APPS, type Route, ROUTES } from './route-table';

export const INGRESS_NAME = 'platform';

/**
 * The Kubernetes Ingress derived from the route table. Paths use pathType Prefix, which matches whole
 * segments; controllers pick the longest matching path, the same rule as the local gateway.
 */
export function buildIngress(routes: readonly Route[] = ROUTES, host?: string): Record<string, unknown> {
  const paths = [...routes]
    .sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix))
    .map((route) => ({
      path: route.prefix,
      pathType: 'Prefix',
      backend: { service: { name: route.app, port: { number: APPS[route.app].port } } },
    }));
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: INGRESS_NAME, labels: { 'app.kubernetes.io/part-of': 'platform' } },
    spec: {
      ingressClassName: 'nginx',
      rules: [{ ...(host ? { host } : {}), http: { paths } }],
    },
  };
}

export const INGRESS_HEADER = '# Generated from libs/routing/src/route-table.ts by `npm run k8s:ingress`. Do not edit.\n';

export function renderIngressYaml(routes: readonly Route[] = ROUTES): string {
  return INGRESS_HEADER + stringify(buildIngress(routes));
}
