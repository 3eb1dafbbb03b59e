import { Body, Controller, Get, Module, Post, Req } from '@nestjs/common';
import { fastifyMultipart } from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { PlatformApp } from '@platform/runtime';
import { startTestApp } from '@platform/testing/harness';
import request from 'supertest';

@Controller('work')
class WorkController {
  @Get()
  read() {
    return { ok: true };
  }

  @Post('echo')
  echo(@Body() body: unknown) {
    return { body };
  }

  @Post('upload')
  async upload(@Req() req: FastifyRequest) {
    const files: Array<{ name: string; bytes: number }> = [];
    for await (const part of req.parts()) {
      if (part.type === 'file') files.push({ name: part.filename, bytes: (await part.toBuffer()).length });
    }
    return { files };
  }
}

@Module({ controllers: [WorkController] })
class WorkModule {}

type HookName = 'onRequest' | 'onResponse';

/** The app-wide hooks of one kind, as Fastify keeps them (its internal store, found by its symbol's name). */
function appHooks(fastify: FastifyInstance, name: HookName): Array<(...args: never[]) => unknown> {
  const store = Object.getOwnPropertySymbols(fastify).find((symbol) => symbol.description === 'fastify.hooks');
  const hooks = (fastify as unknown as Record<symbol, Record<HookName, Array<(...args: never[]) => unknown>>>)[store!];
  return hooks[name];
}

/** The mark of @fastify/multipart's disk-mode hooks: they clean the request's saved files. */
const cleansSavedFiles = (hook: (...args: never[]) => unknown) => String(hook).includes('cleanRequestFiles');

/** The route table with each route's hooks, the part for one route (up to the next route's line). */
function hooksOf(fastify: FastifyInstance, route: string): string {
  const table = fastify.printRoutes({ includeHooks: true, commonPrefix: false });
  const start = table.indexOf(route);
  const next = table.slice(start + route.length).search(/\n[│ \t└├─]*\/[^\n]*\(/);
  return table.slice(start, next === -1 ? undefined : start + route.length + next);
}

describe('the work every request does (issue 24)', () => {
  let app: PlatformApp;
  beforeAll(async () => {
    app = await startTestApp(
      { module: WorkModule },
      { openApi: { title: 'work', description: 'The per-request work check.' } },
      { checkDocument: false },
    );
  });
  afterAll(() => app?.close());

  it("runs none of @fastify/multipart's disk-mode hooks, which the bare plugin adds to every request", async () => {
    const bare = Fastify();
    await bare.register(fastifyMultipart);
    await bare.ready();
    for (const name of ['onRequest', 'onResponse'] as const) expect(appHooks(bare, name).some(cleansSavedFiles)).toBe(true);
    await bare.close();

    const fastify = app.getHttpAdapter().getInstance();
    for (const name of ['onRequest', 'onResponse'] as const) {
      expect(appHooks(fastify, name).length).toBeGreaterThan(0);
      expect(appHooks(fastify, name).some(cleansSavedFiles)).toBe(false);
    }
  });

  it('still parses multipart uploads', async () => {
    const res = await request(app.getHttpServer())
      .post('/work/upload')
      .attach('file', Buffer.from('hello'), 'a.txt')
      .attach('other', Buffer.from('hello again'), 'b.txt');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      files: [
        { name: 'a.txt', bytes: 5 },
        { name: 'b.txt', bytes: 11 },
      ],
    });
  });

  it('inflates no request body anywhere: no decompression hook on any route, and a compressed body is refused with 415', async () => {
    const fastify = app.getHttpAdapter().getInstance();
    expect(hooksOf(fastify, '/work (GET)')).toContain('(onRequest)');
    for (const route of ['/work (GET)', '/work (HEAD)', '/echo (POST)']) expect(hooksOf(fastify, route)).not.toContain('(preParsing)');

    // Sent with fetch: supertest re-encodes a Buffer body sent as JSON.
    const server = app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/work/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ note: 'compressed' })),
    });
    expect(res.status).toBe(415);
    // This bare module has no service filter: Nest's own body (each service's filter answers UNSUPPORTED_MEDIA_TYPE).
    expect(await res.json()).toMatchObject({ statusCode: 415, message: expect.stringMatching(/Content-Encoding/) });
  });
});
