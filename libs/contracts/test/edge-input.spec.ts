import { Body, Controller, Get, type INestApplication, Module, Param, Post, Query } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ErrorBodyFormat } from '@platform/runtime';
import { startTestApp } from '@platform/testing/harness';
import request from 'supertest';
import {
  builderErrorBody,
  COMMON_ERROR_STATUS,
  createValidationPipe,
  exceptionFilterFor,
  raceContentErrorBody,
  recruitingErrorBody,
} from '../src';

const RecruitingExceptionFilter = exceptionFilterFor(COMMON_ERROR_STATUS, recruitingErrorBody);
const BuilderExceptionFilter = exceptionFilterFor(COMMON_ERROR_STATUS, builderErrorBody);
const RaceContentExceptionFilter = exceptionFilterFor({ ...COMMON_ERROR_STATUS, VALIDATION_FAILED: 422 }, raceContentErrorBody);

class Note {
  @IsOptional() @IsString() @MaxLength(100) text?: string;
}

class Search {
  @IsOptional() @IsString() q?: string;
}

@Controller('notes')
class NotesController {
  @Get()
  list(@Query() query: Search) {
    return { q: query.q ?? null };
  }

  @Get(':noteId')
  one(@Param('noteId') noteId: string) {
    return { noteId };
  }

  @Post()
  create(@Body() body: Note) {
    return body;
  }
}

function moduleWith(filter: new (...args: never[]) => unknown) {
  @Module({
    controllers: [NotesController],
    providers: [
      { provide: APP_PIPE, useFactory: createValidationPipe },
      { provide: APP_FILTER, useClass: filter },
    ],
  })
  class EdgeModule {}
  return EdgeModule;
}

/** Sends raw bytes and reads until the server closes the connection: proves the answer and the clean close. */
async function rawExchange(app: INestApplication, bytes: string): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const services: Array<[string, new (...args: never[]) => unknown, ErrorBodyFormat, number, (body: Record<string, unknown>) => unknown]> = [
  ['recruiting', RecruitingExceptionFilter, recruitingErrorBody, 400, (body) => body.error],
  ['survey builder', BuilderExceptionFilter, builderErrorBody, 400, (body) => body.error],
  ['race content', RaceContentExceptionFilter, raceContentErrorBody, 422, (body) => body.error],
];

describe.each(services)('edge checks for %s', (_name, filter, errorBody, invalidStatus, errorOf) => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp(
      { module: moduleWith(filter) },
      { openApi: { title: 't', description: 't' }, errorBody },
      { checkDocument: false },
    );
  });
  afterAll(() => app.close());

  it('refuses JSON nested deeper than 32 levels, without overflowing anything', async () => {
    const deep = `{"text":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const res = await http().post('/notes').set('content-type', 'application/json').send(deep).expect(invalidStatus);
    expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'body is nested deeper than 32 levels' });
  });

  it('refuses NUL characters and lone surrogates in bodies, queries and paths', async () => {
    const nul = await http().post('/notes').send({ text: 'a\u0000b' }).expect(invalidStatus);
    expect(errorOf(nul.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'text', message: 'text must not contain NUL characters' }],
    });
    const lone = await http().post('/notes').set('content-type', 'application/json').send('{"text":"\\ud800x"}').expect(invalidStatus);
    expect(errorOf(lone.body)).toMatchObject({ details: [{ field: 'text', message: expect.stringMatching(/lone surrogates/) }] });
    const key = await http().post('/notes').set('content-type', 'application/json').send('{"\\u0000":1}').expect(invalidStatus);
    expect(errorOf(key.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(errorOf((await http().get('/notes?q=a%00b').expect(invalidStatus)).body)).toMatchObject({ details: [{ field: 'q' }] });
    expect(errorOf((await http().get('/notes/a%00b').expect(invalidStatus)).body)).toMatchObject({ details: [{ field: 'noteId' }] });
  });

  it('refuses a GET that carries a body (the body drained, the connection kept)', async () => {
    const res = await http()
      .get('/notes')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(100_000) }))
      .expect(invalidStatus);
    expect(res.headers.connection).not.toBe('close');
    expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'A GET request takes no body' });
  });

  it('answers malformed and over-long URLs in the service body, without echoing them', async () => {
    const bad = await http().get('/notes/%E0%A4%A').expect(invalidStatus);
    expect(errorOf(bad.body)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The URL is not valid' });
    const long = await http()
      .get(`/notes/${'n'.repeat(600)}`)
      .expect(414);
    expect(errorOf(long.body)).toMatchObject({ code: 'URI_TOO_LONG' });
    expect(JSON.stringify(errorOf(long.body))).not.toContain('nnnnnnnnnn');
    await http()
      .get(`/notes/${'n'.repeat(400)}`)
      .expect(200);
  });

  it('answers oversize headers with 431 in the service body, then closes cleanly', async () => {
    const answer = await rawExchange(app, `GET /notes HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/connection: close/i);
    expect(errorOf(JSON.parse(body))).toMatchObject({ code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
  });
});
