import { type BodyLimits, bodyLimits } from './body-limits';
import { GATEWAY_CLASS } from './cluster-addons';
import { type EdgeRoute } from './edge-routes';
import { APPS } from './route-table';

/** A Kubernetes object of the cluster edge, with the comment written above it in k8s/edge.yaml. */
export interface EdgeObject {
  comment: string;
  manifest: { apiVersion: string; kind: string; metadata: { name: string; [field: string]: unknown }; spec: Record<string, unknown> };
}

/** What the cluster edge is generated for; the defaults are those of k8s/base/configmap.yaml. */
export interface ClusterEdgeOptions {
  /** The public host name of the platform (HTTPS listener, certificate). */
  host: string;
  /** Console origins allowed by CORS (scheme://host[:port]). */
  corsOrigins: string[];
  /** TRUSTED_PROXY_HOPS of the apps: the edge itself and the proxies in front of it that append to X-Forwarded-For. */
  trustedProxyHops: number;
  bodyLimits: BodyLimits;
  /** The ACME account's contact (Let's Encrypt writes about expiring certificates there). */
  acmeEmail: string;
}

export const DEFAULT_CLUSTER_EDGE: ClusterEdgeOptions = {
  host: 'platform.example.com',
  corsOrigins: ['https://console.example.com'],
  trustedProxyHops: 1,
  bodyLimits: bodyLimits(),
  acmeEmail: 'ops@example.com',
};

/** The Gateway's name, its listeners and the Secret holding the HTTPS certificate. */
export const GATEWAY = { name: 'platform', http: 'http', https: 'https', tlsSecret: 'platform-tls', issuer: 'letsencrypt' } as const;

/** How long the edge waits for an app's answer once the request is in (Envoy's route timeout, 15 s by default). */
export const ROUTE_TIMEOUT = '60s';

const GATEWAY_API = 'gateway.networking.k8s.io/v1';

export function gatewayClass(): EdgeObject {
  return {
    comment: 'The GatewayClass of Envoy Gateway; cluster-wide, created once by the operators (docs/operations/deploying.md).',
    manifest: {
      apiVersion: GATEWAY_API,
      kind: 'GatewayClass',
      metadata: { name: GATEWAY_CLASS.name },
      spec: { controllerName: GATEWAY_CLASS.controllerName },
    },
  };
}

export function gateway(options: ClusterEdgeOptions): EdgeObject {
  const allowedRoutes = { namespaces: { from: 'Same' } };
  return {
    comment: [
      'The edge: HTTPS on 443 with the certificate cert-manager keeps in the platform-tls Secret; HTTP on 80 only',
      'redirects to HTTPS (and answers the ACME http01 challenges cert-manager routes there). Set your host name here',
      'and in the Certificate below (a kustomize patch), or regenerate: EDGE_HOST=... npm run k8s:edge.',
    ].join('\n'),
    manifest: {
      apiVersion: GATEWAY_API,
      kind: 'Gateway',
      metadata: { name: GATEWAY.name },
      spec: {
        gatewayClassName: GATEWAY_CLASS.name,
        listeners: [
          { name: GATEWAY.http, protocol: 'HTTP', port: 80, hostname: options.host, allowedRoutes },
          {
            name: GATEWAY.https,
            protocol: 'HTTPS',
            port: 443,
            hostname: options.host,
            tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: GATEWAY.tlsSecret }] },
            allowedRoutes,
          },
        ],
      },
    },
  };
}

export function certificate(options: ClusterEdgeOptions): EdgeObject {
  return {
    comment: "The HTTPS listener's certificate, kept renewed by cert-manager in the Secret the listener names.",
    manifest: {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Certificate',
      metadata: { name: GATEWAY.tlsSecret },
      spec: {
        secretName: GATEWAY.tlsSecret,
        dnsNames: [options.host],
        issuerRef: { group: 'cert-manager.io', kind: 'Issuer', name: GATEWAY.issuer },
        privateKey: { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' },
      },
    },
  };
}

export function issuer(options: ClusterEdgeOptions): EdgeObject {
  return {
    comment: [
      "Let's Encrypt through ACME http01, answered on the Gateway's HTTP listener (cert-manager must run with",
      'config.gatewayAPI.enabled). Set your contact address; to use a ClusterIssuer of your own instead, point the',
      "Certificate's issuerRef at it and leave this Issuer out (kustomize patches).",
    ].join('\n'),
    manifest: {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Issuer',
      metadata: { name: GATEWAY.issuer },
      spec: {
        acme: {
          server: 'https://acme-v02.api.letsencrypt.org/directory',
          email: options.acmeEmail,
          privateKeySecretRef: { name: `${GATEWAY.issuer}-account` },
          solvers: [{ http01: { gatewayHTTPRoute: { parentRefs: [{ kind: 'Gateway', name: GATEWAY.name, sectionName: GATEWAY.http }] } } }],
        },
      },
    },
  };
}

export function redirectRoute(): EdgeObject {
  return {
    comment: 'Plain HTTP: every request is redirected to HTTPS (an ACME challenge route, an exact path, comes first).',
    manifest: {
      apiVersion: GATEWAY_API,
      kind: 'HTTPRoute',
      metadata: { name: `${GATEWAY.name}-http-redirect` },
      spec: {
        parentRefs: [{ name: GATEWAY.name, sectionName: GATEWAY.http }],
        rules: [{ filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] }],
      },
    },
  };
}

/**
 * An app's route on the HTTPS listener. Which route serves a request follows Gateway API's precedence across all the
 * routes of the listener: the longest matching PathPrefix wins (the route table's rule, resolveRoute), and Envoy
 * Gateway puts RegularExpression matches (the upload routes, anchored paths of one app) before every prefix.
 */
export function appRoute(route: EdgeRoute): EdgeObject {
  const what = route.matches[0].path.type === 'PathPrefix' ? 'its prefixes in the route table' : 'its upload routes';
  return {
    comment: `${route.app}: ${what}${route.bufferBytes === undefined ? ' (bodies stream to the app, which limits them)' : ''}.`,
    manifest: {
      apiVersion: GATEWAY_API,
      kind: 'HTTPRoute',
      metadata: { name: route.name },
      spec: {
        parentRefs: [{ name: GATEWAY.name, sectionName: GATEWAY.https }],
        rules: [
          {
            matches: route.matches,
            backendRefs: [{ name: route.app, port: APPS[route.app].port }],
            timeouts: { request: ROUTE_TIMEOUT },
          },
        ],
      },
    },
  };
}
