import type { AppName } from './route-table';

/**
 * What the edge does besides routing, in one place for the local proxy (Caddy) and the cluster's Gateway API
 * objects, so the two cannot drift.
 */

/**
 * The identity check: before every request to these apps the edge asks the builder's identity endpoint
 * (`<path><original path>`, the original method, the Authorization and x-api-key headers). A 200 carries the
 * identity headers, which the edge sets on the request; anything else is answered to the client as it is.
 */
export const IDENTITY_CHECK = {
  app: 'survey-builder-api' as AppName,
  protectedApps: ['survey-builder-api'] as readonly AppName[],
  path: '/internal/edge-identity',
  /** Set by the edge from the check's answer; whatever a client sends under these names is removed first. */
  identityHeaders: ['x-user-email', 'x-user-name'],
  /** What the check reads of the client's request. */
  forwardedHeaders: ['authorization', 'x-api-key', 'x-request-id'],
} as const;

/** Request headers no client may set: the identity headers, and forwarding headers the edge writes itself. */
export const STRIPPED_REQUEST_HEADERS = [...IDENTITY_CHECK.identityHeaders, 'forwarded', 'x-real-ip'] as const;

/** CORS for the admin console (origins come from CORS_ALLOWED_ORIGINS). Credentials are never allowed. */
export const CORS_POLICY = {
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowHeaders: ['authorization', 'content-type', 'x-request-id'],
  exposeHeaders: ['x-request-id', 'retry-after', 'location', 'deprecation', 'sunset'],
  maxAgeSeconds: 600,
} as const;

/** The local console origin the default allows (a Vite dev server), besides what CORS_ALLOWED_ORIGINS adds. */
export const LOCAL_CONSOLE_ORIGIN = 'http://localhost:5173';

/** HSTS on HTTPS answers: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';
