import type { INestApplication } from '@nestjs/common';

/**
 * The platform's own per-request work on an app's request path, piece by piece: what `bench:request-path` leaves out one
 * at a time to measure what each costs (docs/decisions.md, "Per-request work on every route"). An app never leaves one
 * out: the option that does is set from code only, by the bench's own entry point, and no setting reaches it.
 *
 * - `request-id`: the id taken from X-Request-Id or made (a UUID), and echoed in X-Request-Id;
 * - `request-log`: the per-request logger and the one line written per request;
 * - `input-checks`: the text checks of query and path parameters, and the body checks before a body is read (a GET's
 *   body, a content coding);
 * - `drain`: the hook that reads what a refused client still sends, or closes keep-alive while draining;
 * - `compression`: the compression plugin's per-route hook;
 * - `response-schemas`: answers serialized from their documented schema (without it: JSON.stringify);
 * - `json-checks`: the JSON body parser's depth, width and text checks (without it: Fastify's own parser);
 * - `credential-gate`: the credential check before a body is read;
 * - `guards`, `pipes`, `interceptors`: the app's global Nest guards (identity, roles, undeclared query), pipes
 *   (validation) and interceptors (envelope).
 */
export const REQUEST_PATH_PIECES = [
  'request-id',
  'request-log',
  'input-checks',
  'drain',
  'compression',
  'response-schemas',
  'json-checks',
  'credential-gate',
  'guards',
  'pipes',
  'interceptors',
] as const;

export type RequestPathPiece = (typeof REQUEST_PATH_PIECES)[number];

/** Pieces named in a comma-separated list (`all` names every one); an unknown name is an error. */
export function requestPathPieces(list: string): ReadonlySet<RequestPathPiece> {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('all')) return new Set(REQUEST_PATH_PIECES);
  const unknown = names.filter((name) => !(REQUEST_PATH_PIECES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`unknown request path pieces: ${unknown.join(', ')} (known: ${REQUEST_PATH_PIECES.join(', ')})`);
  return new Set(names as RequestPathPiece[]);
}

interface GlobalEnhancers {
  getGlobalGuards(): unknown[];
  getGlobalPipes(): unknown[];
  getGlobalInterceptors(): unknown[];
}

/**
 * Drops the app's global guards, pipes or interceptors (its APP_GUARD, APP_PIPE and APP_INTERCEPTOR providers), before
 * its routes are registered: Nest reads them when it builds each route's handler.
 */
export function dropGlobalEnhancers(app: INestApplication, without: ReadonlySet<RequestPathPiece>): void {
  const config = (app as unknown as { config: GlobalEnhancers }).config;
  if (without.has('guards')) config.getGlobalGuards().length = 0;
  if (without.has('pipes')) config.getGlobalPipes().length = 0;
  if (without.has('interceptors')) config.getGlobalInterceptors().length = 0;
}
