import express, { type Express, type Request, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { IncomingMessage } from 'node:http';
import { type AppName, resolveRoute, type Route, ROUTES } from './route-table';

/** Where each app answers, e.g. { 'race-content-api': 'http://127.0.0.1:3003' }. */
export type UpstreamUrls = Record<AppName, string>;

/**
 * The local stand-in for the ingress: one port, routing by the same table and the same longest-prefix
 * rule. Unknown paths answer 404 here; an app that is down answers 502.
 */
export function createGateway(upstreams: UpstreamUrls, routes: readonly Route[] = ROUTES): Express {
  const app = express();
  app.disable('x-powered-by');
  const proxy = createProxyMiddleware<IncomingMessage>({
    router: (req) => upstreams[resolveRoute(req.url ?? '/', routes)!.app],
    changeOrigin: false,
    xfwd: true,
    on: {
      error: (_error, _req, res) => {
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 'BAD_GATEWAY', message: 'The upstream service is not answering' } }));
        }
      },
    },
  });
  app.use((req: Request, res: Response, next) => {
    if (resolveRoute(req.url, routes)) return proxy(req, res, next);
    res.status(404).json({ error: { code: 'NOT_FOUND', message: `No service serves ${req.path}` } });
  });
  return app;
}
