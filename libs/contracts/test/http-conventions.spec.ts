import { Body, Controller, Delete, Get, HttpCode, type INestApplication, Module, Post, Query, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { Type as TransformType } from 'class-transformer';
import { IsInt, IsString, Max, Min, ValidateNested } from 'class-validator';
import { RawResponse } from '@platform/runtime';
import { startTestApp } from '@platform/testing/harness';
import request from 'supertest';
import {
  BuilderEnvelopeInterceptor,
  builderErrorBody,
  COMMON_ERROR_STATUS,
  createValidationPipe,
  DomainError,
  exceptionFilterFor,
  PaginatedResult,
  PublicEnvelopeResponse,
  raceContentErrorBody,
  RecruitingEnvelopeInterceptor,
  recruitingErrorBody,
} from '../src';

/** A service's own codes beside the common ones, as each app declares them. */
const SERVICE_CODES = { ...COMMON_ERROR_STATUS, SCORING_ERROR: 400, DATA_WAREHOUSE_NOT_CONFIGURED: 503 };
const RecruitingExceptionFilter = exceptionFilterFor(SERVICE_CODES, recruitingErrorBody);
const BuilderExceptionFilter = exceptionFilterFor(SERVICE_CODES, builderErrorBody);
const RaceContentExceptionFilter = exceptionFilterFor({ ...SERVICE_CODES, VALIDATION_FAILED: 422 }, raceContentErrorBody);

class Inner {
  @IsInt() @Min(0) column_index!: number;
}

class CreateThing {
  @IsString() name!: string;
  @ValidateNested() @TransformType(() => Inner) inner!: Inner;
}

class ListQuery {
  @TransformType(() => Number) @IsInt() @Min(1) @Max(100) limit = 20;
}

@Controller('things')
class ThingsController {
  @Get()
  list(@Query() query: ListQuery) {
    return PaginatedResult.of([{ id: 1 }, { id: 2 }], 1, query.limit, 2);
  }

  @Get('one')
  one() {
    return { id: 1 };
  }

  @Post()
  create(@Body() body: CreateThing) {
    return body;
  }

  @Delete('one')
  @HttpCode(204)
  remove() {
    return undefined;
  }

  @Get('public')
  @PublicEnvelopeResponse()
  publicOne() {
    return { name: 'slot' };
  }

  @Get('raw')
  @RawResponse()
  raw() {
    return { as: 'is' };
  }

  @Get('scoring')
  scoring() {
    throw new DomainError('SCORING_ERROR', 'Scoring rules are invalid');
  }

  @Get('warehouse')
  warehouse() {
    throw new DomainError('DATA_WAREHOUSE_NOT_CONFIGURED', 'The survey data warehouse is not configured');
  }

  @Get('crash')
  crash() {
    throw new Error('connection string postgres://admin:hunter2@db leaked?');
  }
}

function appModule(filter: Type<unknown>, interceptor?: Type<unknown>) {
  @Module({
    controllers: [ThingsController],
    providers: [
      { provide: APP_PIPE, useFactory: createValidationPipe },
      { provide: APP_FILTER, useClass: filter },
      ...(interceptor ? [{ provide: APP_INTERCEPTOR, useClass: interceptor }] : []),
    ],
  })
  class TestModule {}
  return TestModule;
}

describe('recruiting envelope and error body', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp(
      { module: appModule(RecruitingExceptionFilter, RecruitingEnvelopeInterceptor) },
      { openApi: { title: 't', description: 't' } },
      { checkDocument: false },
    );
  });
  afterAll(() => app.close());

  it('wraps data in the success envelope, path without the query', async () => {
    const res = await http().get('/things/one?x=1').expect(200);
    expect(res.body).toEqual({
      success: true,
      status: 'success',
      statusCode: 200,
      data: { id: 1 },
      path: '/things/one',
      method: 'GET',
      timestamp: expect.any(String),
    });
    expect(Object.keys(res.body)).toEqual(['success', 'status', 'statusCode', 'data', 'path', 'method', 'timestamp']);
  });

  it('puts a paginated result into data and pagination', async () => {
    const res = await http().get('/things?limit=10').expect(200);
    expect(res.body.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 10, totalCount: 2, totalPages: 1, hasNext: false, hasPrevious: false });
  });

  it('answers 204 with no body', async () => {
    const res = await http().delete('/things/one').expect(204);
    expect(res.text).toBe('');
  });

  it('answers public routes with only {data}, and raw routes as they are', async () => {
    await http()
      .get('/things/public')
      .expect(200, { data: { name: 'slot' } });
    await http().get('/things/raw').expect(200, { as: 'is' });
  });

  it('answers validation failures 400 VALIDATION_FAILED naming every failing field', async () => {
    const res = await http()
      .post('/things')
      .send({ inner: { column_index: -1 }, extra: true })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, status: 'error', statusCode: 400, path: '/things', method: 'POST' });
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['extra', 'inner.column_index', 'name']);
  });

  it('validates queries too', async () => {
    const res = await http().get('/things?limit=500').expect(400);
    expect(res.body.error.details).toEqual([{ field: 'limit', message: expect.stringMatching(/100/) }]);
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    const bad = await http().post('/things').set('content-type', 'application/json').send('{"name":').expect(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The body is not valid JSON' });
    const big = await http()
      .post('/things')
      .send({ name: 'x'.repeat(2 * 1024 * 1024), inner: { column_index: 1 } })
      .expect(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes an empty body sent as JSON as no body, and still refuses prototype pollution', async () => {
    const res = await http().delete('/things/one').set('content-type', 'application/json').send('').expect(204);
    expect(res.text).toBe('');
    const polluted = await http()
      .post('/things')
      .set('content-type', 'application/json')
      .send('{"name":"x","inner":{"column_index":1},"__proto__":{"admin":true}}')
      .expect(400);
    expect(polluted.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('maps the spec named codes to their statuses', async () => {
    expect((await http().get('/things/scoring').expect(400)).body.error).toMatchObject({
      code: 'SCORING_ERROR',
      message: 'Scoring rules are invalid',
    });
    expect((await http().get('/things/warehouse').expect(503)).body.error.code).toBe('DATA_WAREHOUSE_NOT_CONFIGURED');
  });

  it('hides unexpected errors: 500 INTERNAL_ERROR, no message or stack, with the request id', async () => {
    const res = await http().get('/things/crash').set('x-request-id', 'req-123').expect(500);
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(res.body.error).toEqual({ code: 'INTERNAL_ERROR', message: 'Internal server error', requestId: 'req-123' });
    expect(JSON.stringify(res.body)).not.toMatch(/hunter2|at .*\.ts/);
  });

  it('answers unknown routes 404 NOT_FOUND in the same body', async () => {
    const res = await http().get('/nowhere').expect(404);
    expect(res.body).toMatchObject({ success: false, statusCode: 404, error: { code: 'NOT_FOUND' } });
  });
});

describe('builder envelope and error body', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await startTestApp(
      { module: appModule(BuilderExceptionFilter, BuilderEnvelopeInterceptor) },
      { openApi: { title: 't', description: 't' } },
      { checkDocument: false },
    );
  });
  afterAll(() => app.close());

  it('wraps success in {ok: true, data} and errors in {ok: false, error}', async () => {
    await request(app.getHttpServer())
      .get('/things/one')
      .expect(200, { ok: true, data: { id: 1 } });
    const res = await request(app.getHttpServer()).post('/things').send({}).expect(400);
    expect(res.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'VALIDATION_FAILED', requestId: expect.any(String) }) });
  });
});

describe('race content error body', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await startTestApp(
      { module: appModule(RaceContentExceptionFilter) },
      { openApi: { title: 't', description: 't' } },
      { checkDocument: false },
    );
  });
  afterAll(() => app.close());

  it('answers invalid bodies with 422, as the race-content spec requires', async () => {
    const res = await request(app.getHttpServer()).post('/things').send({ name: 1 }).expect(422);
    expect(res.body).toEqual({ error: expect.objectContaining({ code: 'VALIDATION_FAILED', details: expect.any(Array) }) });
  });

  it('keeps resources bare', async () => {
    await request(app.getHttpServer()).get('/things/one').expect(200, { id: 1 });
  });
});
