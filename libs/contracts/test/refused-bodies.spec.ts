import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { IsOptional, IsString } from 'class-validator';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { PlatformApp } from '@platform/runtime';
import { startTestApp } from '@platform/testing/harness';
import { COMMON_ERROR_STATUS, createValidationPipe, exceptionFilterFor, raceContentErrorBody } from '../src';

class Note {
  @IsOptional() @IsString() text?: string;
}

@Controller('notes')
class NotesController {
  @Get()
  list() {
    return { ok: true };
  }

  @Post()
  create(@Body() body: Note) {
    return body;
  }
}

@Module({
  controllers: [NotesController],
  providers: [
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: exceptionFilterFor(COMMON_ERROR_STATUS, raceContentErrorBody) },
  ],
})
class NotesModule {}

const LIMITS = { maxBytes: 4 * 1024 * 1024, maxMs: 1500 };

/** A raw connection: what it received, how it ended (a clean close, a reset, or still open). */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  let ended: 'open' | 'closed' | 'reset' = 'open';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('end', () => (ended = ended === 'open' ? 'closed' : ended));
  socket.on('error', () => (ended = 'reset'));
  socket.on('close', (hadError) => (ended = hadError ? 'reset' : ended === 'open' ? 'closed' : ended));
  return {
    socket,
    received: () => received,
    ended: () => ended,
    /** Resolves once the bytes are handed on, or the connection is gone. */
    write: (text: string | Buffer) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed || socket.write(text)) return resolve();
        socket.once('drain', resolve);
        socket.once('close', resolve);
      }),
    /** The status lines received, in order (answers follow each other without a line break after a body). */
    answers: () => received.match(/HTTP\/1\.1 \d{3}/g) ?? [],
  };
}

const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/**
 * A body refused before it was all read (no credentials, over the limit, a GET with a body): the client gets the
 * answer and the rest of what it sends is read and discarded, so its connection is not reset under it, within a bound.
 */
describe('refused bodies are drained, within a bound', () => {
  let app: PlatformApp;
  let port: number;

  beforeAll(async () => {
    app = await startTestApp(
      { module: NotesModule },
      { openApi: { title: 'notes', description: 'Drain checks.' } },
      {
        checkDocument: false,
        drainLimits: LIMITS,
      },
    );
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => app?.close());

  it('answers a refusal at once, reads the rest of the body, and keeps the connection for the next request', async () => {
    const client = rawConnection(port);
    const body = Buffer.alloc(3 * 1024 * 1024, 'x');
    // Refused in onRequest, as a credential check refuses: a body in a content coding.
    await client.write(
      `POST /notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await until(() => client.answers().length === 1);
    expect(client.received()).toMatch(/^HTTP\/1\.1 415/);
    await client.write(body);
    await client.write('GET /notes HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => client.answers().length === 2);
    expect(client.answers()).toEqual(['HTTP/1.1 415', 'HTTP/1.1 200']);
    expect(client.ended()).toBe('open');
    client.socket.destroy();
  });

  it('drains a body it refused as too large, then serves the next request on the connection', async () => {
    const client = rawConnection(port);
    const body = Buffer.alloc(2 * 1024 * 1024, 'x');
    await client.write(`POST /notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    await until(() => client.answers().length === 1);
    expect(client.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(client.received()).not.toMatch(/connection: close/i);
    await client.write(body);
    await client.write('GET /notes HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => client.answers().length === 2);
    expect(client.answers()).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    expect(client.ended()).toBe('open');
    client.socket.destroy();
  });

  it('drains a GET with a body too, then serves the next request on the connection', async () => {
    const client = rawConnection(port);
    await client.write(`GET /notes HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n`);
    await client.write(Buffer.alloc(1_000_000, 'x'));
    await client.write('GET /notes HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => client.answers().length === 2);
    expect(client.answers()).toEqual(['HTTP/1.1 400', 'HTTP/1.1 200']);
    client.socket.destroy();
  });

  it('cuts off a client that sends more than the bound, or takes longer', async () => {
    const flood = rawConnection(port);
    await flood.write(`POST /notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n`);
    await until(() => flood.answers().length === 1);
    expect(flood.answers()).toEqual(['HTTP/1.1 413']);
    const chunk = Buffer.alloc(256 * 1024, 'x');
    let sent = 0;
    for (; sent < 4 * LIMITS.maxBytes && flood.ended() === 'open'; sent += chunk.length) await flood.write(chunk);
    await until(() => flood.ended() !== 'open');
    // Cut off past the bound (the kernel's buffers hold some more than the server read).
    expect(sent).toBeLessThan(4 * LIMITS.maxBytes);

    const stalled = rawConnection(port);
    const started = Date.now();
    await stalled.write(`GET /notes HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nxx`);
    await until(() => stalled.ended() !== 'open', LIMITS.maxMs + 3000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.maxMs - 50);
  });
});
