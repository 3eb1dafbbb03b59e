import type { INestApplication } from '@nestjs/common';
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
