import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createRaceContentClient } from '../src';

/**
 * The apps cannot be made to answer 503 or 429 on demand, so a tiny local server plays an overloaded race content:
 * it answers from a script of statuses and headers, one entry per request, and records what it received.
 */
describe('retries of safe calls on 503 and 429', () => {
  let server: Server;
  let baseUrl: string;
  let script: Array<{ status: number; headers?: Record<string, string> }> = [];
  let received: Array<{ method: string; requestId: string | undefined; at: number }> = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      received.push({ method: req.method!, requestId: req.headers['x-request-id'] as string | undefined, at: Date.now() });
      req.resume();
      const next = script.shift() ?? { status: 200 };
      const body =
        next.status === 200 ? { list: [], current_page: 1, total_count: 0 } : { error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } };
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    script = [];
    received = [];
  });

  const clientWith = (waits: number[], maxAttempts = 3) =>
    createRaceContentClient({
      baseUrl,
      token: 'any',
      retry: { maxAttempts },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
  const listRaces = (client: ReturnType<typeof clientWith>) => client.GET('/v1/races', { params: { query: { type: 'horse_racing' } } });

  it('waits as Retry-After says, in seconds or as a date, then succeeds with the same request id', async () => {
    const waits: number[] = [];
    script = [
      { status: 503, headers: { 'retry-after': '2' } },
      { status: 429, headers: { 'retry-after': new Date(Date.now() + 20_000).toUTCString() } },
    ];
    const { data } = await listRaces(clientWith(waits));
    expect(data).toEqual({ list: [], current_page: 1, total_count: 0 });
    expect(waits[0]).toBe(2000);
    expect(waits[1]).toBeGreaterThan(15_000);
    expect(waits[1]).toBeLessThanOrEqual(20_000);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.requestId)).size).toBe(1);
  });

  it('really waits with the default sleep', async () => {
    script = [{ status: 503, headers: { 'retry-after': '1' } }];
    await listRaces(createRaceContentClient({ baseUrl }));
    expect(received).toHaveLength(2);
    expect(received[1].at - received[0].at).toBeGreaterThanOrEqual(950);
  });

  it('backs off without Retry-After, and throws the last answer after the last attempt', async () => {
    const waits: number[] = [];
    script = [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 200 }];
    const error = await listRaces(clientWith(waits)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'busy' });
    expect(received).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(125);
    expect(waits[0]).toBeLessThanOrEqual(250);
    expect(waits[1]).toBeGreaterThanOrEqual(250);
    expect(waits[1]).toBeLessThanOrEqual(500);
  });

  it('does not wait longer than the longest wait: a far Retry-After is thrown at once', async () => {
    const waits: number[] = [];
    script = [{ status: 429, headers: { 'retry-after': '3600' } }];
    await expect(listRaces(clientWith(waits))).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it('never retries a call that is not safe', async () => {
    const waits: number[] = [];
    script = [{ status: 503, headers: { 'retry-after': '1' } }];
    const client = clientWith(waits);
    await expect(client.POST('/v1/ng_words', { body: { word: 'x' } as never })).rejects.toMatchObject({ status: 503 });
    expect(received.map((r) => r.method)).toEqual(['POST']);
    expect(waits).toEqual([]);
  });
});
