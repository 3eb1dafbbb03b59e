import { Controller, Get, HttpCode, type INestApplication, Module, Post, Query, Req, Res } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import {
  ApiBuilderResponse,
  ApiErrorResponses,
  BuilderEnvelopeInterceptor,
  builderErrorBody,
  builderErrorSchema,
  COMMON_ERROR_STATUS,
  DomainError,
  exceptionFilterFor,
} from '@platform/contracts';
import { RawResponse, streamedJsonArray } from '@platform/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import request from 'supertest';
import { conformanceOf, startTestApp } from '../src/harness';

class Thing {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() name!: string;
}

@Controller('things')
class ThingsController {
  @Get('good')
  @ApiOperation({ summary: 'good' })
  @ApiBuilderResponse(200, Thing, 'A thing')
  good() {
    return { id: 1, name: 'a' };
  }

  @Get('extra')
  @ApiOperation({ summary: 'extra' })
  @ApiBuilderResponse(200, Thing, 'A thing')
  extra() {
    return { id: 1, name: 'a', secret: 'undocumented' };
  }

  @Get('wrong-type')
  @ApiOperation({ summary: 'wrong type' })
  @ApiBuilderResponse(200, Thing, 'A thing')
  wrongType() {
    return { id: '1', name: 'a' };
  }

  @Post('created')
  @HttpCode(201)
  @ApiOperation({ summary: 'created' })
  @ApiBuilderResponse(200, Thing, 'Documents 200 only')
  created() {
    return { id: 1, name: 'a' };
  }

  @Get('streamed')
  @ApiOperation({ summary: 'streamed' })
  @ApiBuilderResponse(200, [Thing], 'Things, streamed')
  @RawResponse()
  streamed(@Query('id') id: string, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    async function* items() {
      yield { id: 1, name: 'a' };
      yield { id: id ?? 2, name: 'b' };
    }
    return streamedJsonArray(req, reply, { statusCode: 200, envelope: (data) => ({ ok: true, data }), items: items() });
  }

  @Get('missing')
  @ApiOperation({ summary: 'missing' })
  @ApiBuilderResponse(200, Thing, 'A thing')
  @ApiErrorResponses({ 404: 'Not there' })
  missing() {
    throw new DomainError('NOT_FOUND', 'not there');
  }
}

@Module({
  controllers: [ThingsController],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: BuilderEnvelopeInterceptor },
    { provide: APP_FILTER, useClass: exceptionFilterFor(COMMON_ERROR_STATUS, builderErrorBody) },
  ],
})
class ThingsModule {}

describe('responses checked against the OpenAPI document', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeEach(async () => {
    app = await startTestApp(
      { module: ThingsModule },
      {
        openApi: { title: 't', description: 't', errorBody: builderErrorSchema(Object.keys(COMMON_ERROR_STATUS)) },
        errorBody: builderErrorBody,
      },
    );
  });

  const problemsAfter = async (send: () => Promise<unknown>) => {
    await send();
    const conformance = conformanceOf(app)!;
    const problems = conformance.violations.map((v) => v.problem);
    conformance.violations.length = 0;
    await app.close();
    return { problems, checked: conformance.checked };
  };

  it('accepts a body that matches, and a documented error', async () => {
    expect(await problemsAfter(() => http().get('/things/good').expect(200))).toEqual({ problems: [], checked: 1 });
  });

  it('accepts errors in the service error body: documented, or under default', async () => {
    expect((await problemsAfter(() => http().get('/things/missing').expect(404))).problems).toEqual([]);
  });

  it('refuses a field the document does not list', async () => {
    expect((await problemsAfter(() => http().get('/things/extra').expect(200))).problems).toEqual([
      expect.stringContaining('additionalProperty'),
    ]);
  });

  it('refuses a value of another type', async () => {
    expect((await problemsAfter(() => http().get('/things/wrong-type').expect(200))).problems).toEqual([
      expect.stringContaining('/data/id must be integer'),
    ]);
  });

  it('refuses an undocumented status', async () => {
    expect((await problemsAfter(() => http().post('/things/created').expect(201))).problems).toEqual([
      expect.stringContaining('status 201 is not documented'),
    ]);
  });

  it('checks a streamed JSON body once it has ended', async () => {
    expect(await problemsAfter(() => http().get('/things/streamed').expect(200))).toEqual({ problems: [], checked: 1 });
  });

  it('refuses a streamed body that breaks the document', async () => {
    expect((await problemsAfter(() => http().get('/things/streamed?id=x').expect(200))).problems).toEqual([
      expect.stringContaining('/data/1/id must be integer'),
    ]);
  });

  it('fails the test file when the app closes with violations', async () => {
    await http().get('/things/extra').expect(200);
    await expect(app.close()).rejects.toThrow(/1 response\(s\) do not match the OpenAPI document/);
  });
});
