import { edgeErrorBody } from './edge-errors';
import { type EdgeRoute, quantity } from './edge-routes';
import { CORS_POLICY, HSTS, IDENTITY_CHECK, STRIPPED_REQUEST_HEADERS } from './edge-policy';
import { type ClusterEdgeOptions, type EdgeObject, GATEWAY } from './gateway-api';
import { APPS } from './route-table';

/**
 * Envoy Gateway's policies (gateway.envoyproxy.io/v1alpha1) for what the edge does besides routing: the identity
 * check and CORS (SecurityPolicy), client headers, client address, request id and HSTS (ClientTrafficPolicy), body
 * limits and the edge's own answers in each service's error body (BackendTrafficPolicy).
 */

const ENVOY_GATEWAY_API = 'gateway.envoyproxy.io/v1alpha1';
const routeRef = (name: string) => ({ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name });

/** The identity check's timeout; the check answering nothing in time, or not at all, is a 503 (never a pass). */
export const IDENTITY_CHECK_TIMEOUT = '5s';

function cors(options: ClusterEdgeOptions) {
  return {
    allowOrigins: options.corsOrigins,
    allowMethods: [...CORS_POLICY.allowMethods],
    allowHeaders: [...CORS_POLICY.allowHeaders],
    exposeHeaders: [...CORS_POLICY.exposeHeaders],
    maxAge: `${CORS_POLICY.maxAgeSeconds}s`,
    allowCredentials: false,
  };
}

/**
 * CORS on every app route, and the identity check on the builder's. A route takes its SecurityPolicy whole (no merge
 * with another), so the builder's policy carries CORS too; CORS runs first in Envoy, so a preflight is answered
 * before the check.
 */
export function securityPolicies(routes: EdgeRoute[], options: ClusterEdgeOptions): EdgeObject[] {
  const isChecked = (route: EdgeRoute) => IDENTITY_CHECK.protectedApps.includes(route.app);
  const checked = routes.filter(isChecked);
  const open = routes.filter((route) => !isChecked(route));
  const policy = (name: string, targets: EdgeRoute[], extra: Record<string, unknown>, comment: string): EdgeObject => ({
    comment,
    manifest: {
      apiVersion: ENVOY_GATEWAY_API,
      kind: 'SecurityPolicy',
      metadata: { name },
      spec: { targetRefs: targets.map((route) => routeRef(route.name)), cors: cors(options), ...extra },
    },
  });
  const extAuth = {
    failOpen: false,
    timeout: IDENTITY_CHECK_TIMEOUT,
    statusOnError: 503,
    headersToExtAuth: [...IDENTITY_CHECK.forwardedHeaders],
    http: {
      backendRefs: [{ name: IDENTITY_CHECK.app, port: APPS[IDENTITY_CHECK.app].port }],
      // `path` is put before the original path (`pathOverride` would drop it), with the original method.
      path: IDENTITY_CHECK.path,
      headersToBackend: [...IDENTITY_CHECK.identityHeaders],
    },
  };
  return [
    policy(
      `${GATEWAY.name}-cors`,
      open,
      {},
      'CORS for the console origins on the routes that keep their own checks (recruiting, race content, the webhook).',
    ),
    policy(
      `${IDENTITY_CHECK.app}-identity`,
      checked,
      { extAuth },
      [
        "The builder's callers: before each request the edge asks the builder's identity endpoint",
        `(${IDENTITY_CHECK.path}<original path>, the original method); only its 200 lets the request through, with`,
        `${IDENTITY_CHECK.identityHeaders.join(' and ')} set from its answer. Its refusal (401 in the builder's body) goes to`,
        "the client as it is; no answer is a 503 in the builder's body. Plus the same CORS as every route.",
      ].join('\n'),
    ),
  ];
}

/**
 * The HTTPS listener's client side: headers no client may set are removed before anything reads them (the identity
 * headers, whose only source is then the identity check, and forwarding headers the edge writes itself); the client
 * address; the request id kept or made; HSTS on every answer.
 */
export function clientTrafficPolicy(options: ClusterEdgeOptions): EdgeObject {
  return {
    comment: [
      `The apps take the client address ${options.trustedProxyHops} from the right of X-Forwarded-For (TRUSTED_PROXY_HOPS in`,
      'platform-config), Envoy appending the address it saw; with proxies in front of the edge, Envoy trusts them too',
      '(clientIPDetection). Regenerate after changing TRUSTED_PROXY_HOPS.',
    ].join('\n'),
    manifest: {
      apiVersion: ENVOY_GATEWAY_API,
      kind: 'ClientTrafficPolicy',
      metadata: { name: GATEWAY.name },
      spec: {
        targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: GATEWAY.name, sectionName: GATEWAY.https }],
        // One hop (the edge): Envoy's client is the connection's peer, which it appends (use_remote_address). More:
        // it trusts the proxies in front of it, and still appends the address it saw.
        ...(options.trustedProxyHops > 1 ? { clientIPDetection: { xForwardedFor: { numTrustedHops: options.trustedProxyHops - 1 } } } : {}),
        headers: {
          requestID: 'PreserveOrGenerate',
          earlyRequestHeaders: {
            remove: [...STRIPPED_REQUEST_HEADERS],
            removeOnMatch: [{ type: 'Prefix', value: 'x-user-' }],
          },
          lateResponseHeaders: { set: [{ name: 'Strict-Transport-Security', value: HSTS }] },
        },
      },
    },
  };
}

/** The answers Envoy gives itself on an app's route, replaced by the service's error body. Never 401/403 (the check's). */
const LOCAL_STATUSES = [413, 502, 503, 504];

/**
 * The service's error body as an Envoy format string: the time and the method come from Envoy (neither can carry
 * client text that would break the JSON); the path and the request id could, so the body leaves them out (the
 * request id is sent as the x-request-id header instead).
 */
export function envoyErrorBody(route: EdgeRoute, status: number): string {
  return edgeErrorBody(route.app, status, {
    path: '',
    method: '%REQ(:METHOD)%',
    time: '%START_TIME(%Y-%m-%dT%H:%M:%S.%3fZ)%',
    escape: (json) => json.replace(/%/g, '%%'),
  });
}

/** Per route: the body limit where the edge holds the body, and the edge's own answers in the service's body. */
export function backendTrafficPolicy(route: EdgeRoute): EdgeObject {
  const statuses = LOCAL_STATUSES.filter((status) => status !== 413 || route.bufferBytes !== undefined);
  return {
    comment:
      route.bufferBytes === undefined
        ? `${route.name}: no body limit at the edge (the body would be held in memory); the app refuses past its own.`
        : `${route.name}: bodies over ${quantity(route.bufferBytes)} are refused at the edge with 413.`,
    manifest: {
      apiVersion: ENVOY_GATEWAY_API,
      kind: 'BackendTrafficPolicy',
      metadata: { name: route.name },
      spec: {
        targetRefs: [routeRef(route.name)],
        ...(route.bufferBytes === undefined ? {} : { requestBuffer: { limit: quantity(route.bufferBytes) } }),
        responseOverride: statuses.map((status) => ({
          match: { statusCodes: [{ type: 'Value', value: status }] },
          source: 'Local',
          response: {
            contentType: 'application/json; charset=utf-8',
            body: { type: 'Inline', inline: envoyErrorBody(route, status) },
            header: { set: [{ name: 'x-request-id', value: '%REQ(x-request-id)%' }] },
          },
        })),
      },
    },
  };
}
