import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { type AppName, resolveRoute, type Route, ROUTES } from './route-table';

/** Where each app answers, e.g. { 'race-content-api': 'http://127.0.0.1:3003' }. */
export type UpstreamUrls = Record<AppName, string>;

function answerJson(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * The local stand-in for the ingress: one port, routing by the same table and the same longest-prefix
 * rule, proxying with http-proxy-middleware. Unknown paths answer 404 here; an app that is down, 502.
 */
export function createGateway(upstreams: UpstreamUrls, routes: readonly Route[] = ROUTES): Server {
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    router: (req) => upstreams[resolveRoute(req.url ?? '/', routes)!.app],
    changeOrigin: false,
    xfwd: true,
    on: {
      error: (_error, _req, res) => {
        if ('writeHead' in res) answerJson(res, 502, 'BAD_GATEWAY', 'The upstream service is not answering');
      },
    },
  });
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!resolveRoute(path, routes)) return answerJson(res, 404, 'NOT_FOUND', `No service serves ${path}`);
    void proxy(req, res, () => answerJson(res, 404, 'NOT_FOUND', `No service serves ${path}`));
  });
}
