import { type BodyLimits, type LimitedRoute } from './body-limits';
import { type AppName, APPS, ROUTES, type Route } from './route-table';

/**
 * The cluster edge's routes, one HTTPRoute each, from the route table and the body limits: an app's prefixes in one
 * route, and its routes with a limit of their own (method + path) in routes of their own, because an Envoy Gateway body limit
 * (BackendTrafficPolicy `requestBuffer`) is set per HTTPRoute and holds the whole body in the proxy's memory.
 */

/** Bodies up to this are held at the edge and refused there past the route's limit (413 in the service's body). */
export const EDGE_BUFFER_MAX_BYTES = 32 * 1024 * 1024;

export type RouteMatch =
  { path: { type: 'PathPrefix'; value: string } } | { path: { type: 'RegularExpression'; value: string }; method: LimitedRoute['method'] };

export interface EdgeRoute {
  /** The HTTPRoute's name (and its policies'). */
  name: string;
  app: AppName;
  matches: RouteMatch[];
  /** The body limit the edge enforces by holding the body; none: the body streams to the app, which enforces its own. */
  bufferBytes?: number;
}

const MiB = 1024 * 1024;

/** A byte count as a Kubernetes quantity: 20Mi, or the bytes themselves. */
export const quantity = (bytes: number) =>
  bytes % MiB === 0 ? `${bytes / MiB}Mi` : bytes % 1024 === 0 ? `${bytes / 1024}Ki` : String(bytes);

const limitedMatch = (limited: LimitedRoute): RouteMatch => ({
  path: { type: 'RegularExpression', value: limited.path },
  method: limited.method,
});

/** Every route of the cluster edge, apps in the order of APPS. */
export function edgeRoutes(limits: BodyLimits, routes: readonly Route[] = ROUTES): EdgeRoute[] {
  return (Object.keys(APPS) as AppName[]).flatMap((app) => {
    const prefixes = routes
      .filter((route) => route.app === app)
      .map((route) => route.prefix)
      .sort((a, b) => b.length - a.length || a.localeCompare(b));
    if (prefixes.length === 0) return [];
    const main: EdgeRoute = {
      name: app,
      app,
      matches: prefixes.map((value) => ({ path: { type: 'PathPrefix', value } })),
      bufferBytes: limits.defaults[app],
    };
    const listed = limits.routes.filter((limited) => limited.app === app);
    const held = [...new Set(listed.filter((u) => u.bytes <= EDGE_BUFFER_MAX_BYTES).map((u) => u.bytes))].sort((a, b) => a - b);
    const streamed = listed.filter((u) => u.bytes > EDGE_BUFFER_MAX_BYTES);
    return [
      main,
      ...held.map((bytes) => ({
        name: `${app}-body-${quantity(bytes).toLowerCase()}`,
        app,
        matches: listed.filter((u) => u.bytes === bytes).map(limitedMatch),
        bufferBytes: bytes,
      })),
      ...(streamed.length ? [{ name: `${app}-body-streamed`, app, matches: streamed.map(limitedMatch) }] : []),
    ];
  });
}
