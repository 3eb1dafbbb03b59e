import type { AddressInfo } from 'node:net';
import type { OpenAPIObject } from '@nestjs/swagger';
import { type AppName, bodyLimits, type LimitedRoute } from '@platform/routing';
import type { INestApplication } from '@nestjs/common';
import { openApiDocumentOf, routeBodyLimit } from '@platform/runtime';
import { edgeInFrontOf, type TestEdge } from '../deployment/edge';
import { UPLOAD_CLIENTS, type UploadOutcome, uploadWith } from './oversize-clients';

export interface OversizeOptions {
  app: () => INestApplication;
  name: AppName;
  /** Headers of a valid caller. */
  identity: () => Record<string, string>;
  /** Headers of a valid caller straight to the app, when not those (the builder's user headers the edge sets). */
  appIdentity?: () => Record<string, string>;
  /** The edge the test file already runs in front of the app; without one, the spec starts its own. */
  edgeUrl?: () => string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: string;
  template: string;
  /** How the operation takes its body: JSON, a form, a multipart upload, or none. */
  body: 'json' | 'form' | 'multipart' | 'none';
}

/** A path of the template with every parameter filled in (a value of the right form; the answer is a 4xx anyway). */
const concrete = (template: string) => template.replace(/\{[^{}]+\}/g, '00000000-0000-4000-8000-000000000001');

function operationsOf(document: OpenAPIObject): Operation[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const content = (item[method]!.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {};
      const body = content['multipart/form-data']
        ? 'multipart'
        : content['application/x-www-form-urlencoded']
          ? 'form'
          : content['application/json']
            ? 'json'
            : 'none';
      return { method: method.toUpperCase(), template, body };
    }),
  );
}

/** The edge's limit of a route (libs/routing's table): its own when listed, else its app's default. */
function edgeLimit(name: AppName, method: string, path: string): { bytes: number; listed?: LimitedRoute } {
  const limits = bodyLimits();
  const listed = limits.routes.find((route) => route.app === name && route.method === method && new RegExp(route.path).test(path));
  return { bytes: listed?.bytes ?? limits.defaults[name]!, listed };
}

/**
 * Oversized bodies, as a console or a script uploads them: every route's limit is the same at the edge and in the app
 * (one table), and a body just over each limit, or of 5 MB, gets the service's 4xx from Node's http client, fetch and
 * curl alike, through the edge and straight to the app (in-cluster callers): never a network error or a 5xx. One route
 * stands for each limit (its app's default for JSON bodies, each listed route, a GET with a body).
 */
export function describeOversizeBodies(options: OversizeOptions): void {
  describe('oversized bodies get an answer, never a reset', () => {
    let own: TestEdge | undefined;
    let edgeUrl: string;
    let direct: string;

    beforeAll(async () => {
      if (options.edgeUrl) edgeUrl = options.edgeUrl();
      else edgeUrl = (own = await edgeInFrontOf(options.app(), options.name)).url;
      direct = `http://127.0.0.1:${(options.app().getHttpServer().address() as AddressInfo).port}`;
    });
    afterAll(() => own?.close());

    it('enforces the edge’s limit on every route that reads a body, no more and no less', () => {
      const app = options.app();
      for (const operation of operationsOf(openApiDocumentOf(app)!)) {
        if (operation.method === 'GET') continue;
        const expected = edgeLimit(options.name, operation.method, concrete(operation.template));
        const served = routeBodyLimit(app, `${operation.method} ${operation.template}`);
        // Multipart routes stream their file and enforce its limit themselves: the table lists them with the file's room.
        if (operation.body === 'multipart') expect([operation.template, expected.listed?.body]).toEqual([operation.template, 'multipart']);
        else expect([operation.method, operation.template, served]).toEqual([operation.method, operation.template, expected.bytes]);
      }
    });

    it('answers a body just over each limit, and one of 5 MB, with a 4xx to every client, at the edge and at the app', async () => {
      const operations = operationsOf(openApiDocumentOf(options.app())!);
      // One route per limit: the first of each kind of body and limit (a listed route is its own limit).
      const chosen = new Map<string, Operation>();
      for (const operation of operations) {
        const { bytes, listed } = edgeLimit(options.name, operation.method, concrete(operation.template));
        const key = operation.method === 'GET' ? 'GET' : `${operation.body} ${listed ? listed.path : bytes}`;
        if (!chosen.has(key) && (operation.method === 'GET' || operation.body !== 'none')) chosen.set(key, operation);
      }
      const failures: string[] = [];
      for (const operation of chosen.values()) {
        const path = concrete(operation.template);
        const limit = edgeLimit(options.name, operation.method, path).bytes;
        const contentType =
          operation.body === 'multipart'
            ? 'multipart/form-data; boundary=oversize-boundary'
            : operation.body === 'form'
              ? 'application/x-www-form-urlencoded'
              : 'application/json';
        for (const [where, origin, identity] of [
          ['edge', edgeUrl, options.identity()],
          ['app', direct, (options.appIdentity ?? options.identity)()],
        ] as const) {
          for (const bytes of [limit + 1, 5_000_000]) {
            for (const client of UPLOAD_CLIENTS) {
              if (client === 'fetch' && operation.method === 'GET') continue; // fetch refuses to send a GET with a body
              const outcome: UploadOutcome = await uploadWith(client, {
                url: `${origin}${path}`,
                method: operation.method,
                headers: { ...identity, 'content-type': contentType },
                bytes,
              });
              const wrong = 'error' in outcome || outcome.status < 400 || outcome.status >= 500 || !outcome.code;
              if (wrong) failures.push(`${where} ${client} ${operation.method} ${path} ${bytes} bytes: ${JSON.stringify(outcome)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    }, 240_000);
  });
}
