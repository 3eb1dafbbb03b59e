import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCompression } from './compression';
import { streamedJsonArray } from './streamed-array';

const RESPONSE = {
  200: {
    type: 'object',
    properties: {
      ok: { type: 'boolean' },
      data: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' }, label: { type: 'string' } } } },
    },
  },
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  complete: boolean;
}

describe('streamedJsonArray', () => {
  let app: FastifyInstance;
  let origin: string;
  /** What the endless producer's `finally` saw: how many items it had produced when it was stopped. */
  let stoppedAfter: number | undefined;

  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/items', { schema: { response: RESPONSE } }, (request, reply) => {
      const count = Number((request.query as { count: string }).count);
      const failAt = Number((request.query as { failAt?: string }).failAt ?? -1);
      async function* items() {
        for (let n = 0; n < count; n++) {
          if (n === failAt) throw new Error('the store went away');
          yield { n, label: 'x'.repeat(100), undocumented: true };
        }
      }
      return streamedJsonArray(request, reply, { statusCode: 200, envelope: (data) => ({ ok: true, data }), items: items() });
    });
    app.get('/endless', { schema: { response: RESPONSE } }, (request, reply) => {
      async function* items() {
        let n = 0;
        try {
          for (;;) yield { n: n++, label: 'y'.repeat(10_000) };
        } finally {
          stoppedAfter = n;
        }
      }
      return streamedJsonArray(request, reply, { statusCode: 200, envelope: (data) => ({ ok: true, data }), items: items() });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app?.close());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      httpRequest(`${origin}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => undefined);
        res.on('close', () =>
          resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks), complete: res.complete }),
        );
      })
        .on('error', reject)
        .end();
    });

  it('sends the envelope around the items, each serialized by the route schema for one item', async () => {
    const answer = await get('/items?count=3');
    expect(answer).toMatchObject({ status: 200, complete: true });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const label = 'x'.repeat(100);
    expect(answer.bytes.toString('utf8')).toBe(
      `{"ok":true,"data":[{"n":0,"label":"${label}"},{"n":1,"label":"${label}"},{"n":2,"label":"${label}"}]}`,
    );
    expect((await get('/items?count=0')).bytes.toString('utf8')).toBe('{"ok":true,"data":[]}');
    const gzipped = await get('/items?count=3', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.bytes).equals(answer.bytes)).toBe(true);
  });

  it('answers a failure of the first item as an error, and cuts the answer short on a later one, whatever the coding', async () => {
    expect((await get('/items?count=3&failAt=0')).status).toBe(500);
    for (const coding of ['identity', 'gzip', 'br']) {
      const cut = await get('/items?count=3&failAt=2', { 'accept-encoding': coding });
      expect([coding, cut.status, cut.complete]).toEqual([coding, 200, false]);
    }
  });

  it('stops the producer when the client leaves, and does not start it for HEAD', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${origin}/endless`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
      req.end();
    });
    const deadline = Date.now() + 5000;
    while (stoppedAfter === undefined && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    expect(stoppedAfter).toBeGreaterThan(0);
    stoppedAfter = undefined;
    const head = await get('/endless', {}, 'HEAD');
    expect([head.status, head.bytes.length]).toEqual([200, 0]);
    expect(stoppedAfter).toBeUndefined();
  });
});
