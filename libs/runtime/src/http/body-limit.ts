/** Request body limits per route: an app's default, and the routes that take more or less. */
export interface RouteBodyLimits {
  defaultBytes: number;
  routes: Array<{ method: string; path: RegExp; bytes: number }>;
}

/** Fastify's default, the limit of an app that names none. */
export const DEFAULT_ROUTE_BODY_LIMIT_BYTES = 1_048_576;

/**
 * The limit of a route as Fastify registers it (`/api/v1/scheduling/:token/submit-availability`): the first listed
 * route whose method matches and whose path pattern matches the path with each parameter filled in, else the default.
 */
export function bodyLimitOf(limits: RouteBodyLimits | undefined, method: string, url: string): number {
  if (!limits) return DEFAULT_ROUTE_BODY_LIMIT_BYTES;
  const path = url.replace(/:\w+/g, 'p');
  return limits.routes.find((route) => route.method === method && route.path.test(path))?.bytes ?? limits.defaultBytes;
}
