import type { INestApplication } from '@nestjs/common';
import { type IncomingHttpHeaders, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';

export type HttpClient = ReturnType<typeof httpClient>;

/**
 * Requests to an app as one caller: the caller's headers (identity headers, a bearer token) on every call.
 * Bodies go as JSON.
 */
export function httpClient(app: INestApplication, headers: Record<string, string> = {}) {
  const server = app.getHttpServer();
  const as = (test: request.Test) => {
    for (const [name, value] of Object.entries(headers)) test.set(name, value);
    return test;
  };
  return {
    headers,
    get: (path: string) => as(request(server).get(path)),
    post: (path: string, body?: unknown) => as(request(server).post(path)).send(body as object),
    patch: (path: string, body: unknown) => as(request(server).patch(path)).send(body as object),
    put: (path: string, body: unknown) => as(request(server).put(path)).send(body as object),
    delete: (path: string) => as(request(server).delete(path)),
  };
}

/** An answer as it came over the wire: status, headers and the bytes, not decoded. */
export interface RawAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  rawPayload: Buffer;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: () => any;
}

/**
 * One request to an app, listening on a loopback port once asked, with exactly these headers: node:http adds no
 * Accept-Encoding and decodes nothing (supertest decodes br and gzip by itself), for tests of what a route encodes.
 */
export function rawRequester(app: INestApplication) {
  let origin: Promise<string> | undefined;
  const listening = async () => {
    const server = app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  return async (method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> => {
    const base = await (origin ??= listening());
    return new Promise<RawAnswer>((resolve, reject) => {
      httpRequest(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const body = rawPayload.toString('utf8');
          resolve({ statusCode: res.statusCode!, headers: res.headers, rawPayload, body, json: () => JSON.parse(body) });
        });
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  };
}
