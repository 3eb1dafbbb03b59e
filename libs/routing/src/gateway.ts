import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { builderErrorBody, raceContentErrorBody, recruitingErrorBody } from '@platform/contracts';
import type { ErrorBodyFormat } from '@platform/runtime';
import { type AppName, resolveRoute, type Route, ROUTES } from './route-table';

/** Where each app answers, e.g. { 'race-content-api': 'http://127.0.0.1:3003' }. */
export type UpstreamUrls = Record<AppName, string>;

/** The error body of the service behind a path, so the gateway's own refusals look like the service's. */
const ERROR_BODIES: Partial<Record<AppName, ErrorBodyFormat>> = {
  'recruiting-api': recruitingErrorBody,
  'survey-builder-api': builderErrorBody,
  'race-content-api': raceContentErrorBody,
  'ai-webhook': raceContentErrorBody,
};

const genericBody: ErrorBodyFormat = (_status, error) => ({ error });

/** Race content (and its webhook) answer malformed input with 422, the others with 400. */
function invalidInputStatus(url: string, routes: readonly Route[]): number {
  const app = resolveRoute(url, routes)?.app;
  return app === 'race-content-api' || app === 'ai-webhook' ? 422 : 400;
}

function errorBodyFor(url: string, method: string, status: number, code: string, message: string, routes: readonly Route[]): string {
  const route = resolveRoute(url, routes);
  const format = (route && ERROR_BODIES[route.app]) ?? genericBody;
  return JSON.stringify(format(status, { code, message }, { url, method }));
}

function answerJson(
  req: IncomingMessage,
  res: ServerResponse,
  routes: readonly Route[],
  status: number,
  code: string,
  message: string,
  close = false,
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...(close ? { connection: 'close' } : {}) });
  res.end(errorBodyFor(req.url ?? '/', req.method ?? 'GET', status, code, message, routes));
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Malformed HTTP (oversize headers or request line, a broken request) never becomes a request: answer in a
 * JSON body and close once the answer is written, instead of dropping the socket.
 */
function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex, routes: readonly Route[]): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request line or headers are too large']
      : [400, 'BAD_REQUEST', 'The request is not valid HTTP'];
  const requestLine = /^([A-Z]+) (\S+)/.exec(error.rawPacket?.toString('latin1', 0, 2048) ?? '');
  const body = errorBodyFor(requestLine?.[2] ?? '/', requestLine?.[1] ?? '', status, code, message, routes);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * The local stand-in for the ingress: one port, routing by the same table and the same longest-prefix
 * rule, proxying with http-proxy-middleware. Unknown paths answer 404 here; an app that is down, 502. A
 * GET or HEAD that carries a body is refused here (400, connection closed): apps answer those before
 * reading the body, which a proxy in between cannot recover from.
 */
export function createGateway(upstreams: UpstreamUrls, routes: readonly Route[] = ROUTES): Server {
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    router: (req) => upstreams[resolveRoute(req.url ?? '/', routes)!.app],
    changeOrigin: false,
    xfwd: true,
    on: {
      error: (_error, req, res) => {
        if ('writeHead' in res) answerJson(req, res, routes, 502, 'BAD_GATEWAY', 'The upstream service is not answering');
      },
    },
  });
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!resolveRoute(path, routes)) return answerJson(req, res, routes, 404, 'NOT_FOUND', 'No service serves this path');
    if ((req.method === 'GET' || req.method === 'HEAD') && hasBody(req)) {
      // Read and drop what the client sends (up to a limit) so it sees the answer, then close.
      let seen = 0;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > 1_048_576) req.destroy();
      });
      return answerJson(
        req,
        res,
        routes,
        invalidInputStatus(path, routes),
        'VALIDATION_FAILED',
        `A ${req.method} request takes no body`,
        true,
      );
    }
    void proxy(req, res, () => answerJson(req, res, routes, 404, 'NOT_FOUND', 'No service serves this path'));
  });
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => answerClientError(error, socket, routes));
  return server;
}
