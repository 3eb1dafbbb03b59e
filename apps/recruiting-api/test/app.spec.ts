import type { INestApplication } from '@nestjs/common';
import { expectMetricsEndpoint, startTestApp, testServices } from '@platform/testing/harness';
import { describeOpenApiDocument } from '@platform/testing/sweep';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadRecruitingConfig } from '../src/config';
import { RECRUITING_HTTP } from '../src/http-surface';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

const config = (url: string) =>
  loadRecruitingConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    DATABASE_URL: url,
    JWT_SECRET: 'recruiting-test-secret-0123456789abcdef',
    REDIS_URL: testServices.redisUrl,
  });

describe('recruiting-api on a real PostgreSQL', () => {
  let t: RecruitingTestApp;
  let app: INestApplication;

  beforeAll(async () => {
    t = await startRecruiting('recruiting');
    app = t.app;
  });
  afterAll(() => t?.close());

  it('serves Prometheus metrics on its own port: a request moves its route template, its pool is measured', async () => {
    await expectMetricsEndpoint(app, {
      service: 'recruiting-api',
      request: () => request(app.getHttpServer()).get('/api/v1/projects/12345').expect(401),
      method: 'GET',
      route: '/api/v1/projects/{projectId}',
      statusClass: '4xx',
      families: ['db_client_connections_usage', 'db_client_connections_max', 'db_client_connections_pending_requests'],
    });
  });

  it('answers probes without a token, outside the envelope', async () => {
    await request(app.getHttpServer()).get('/health/live').expect(200, { status: 'ok' });
    await request(app.getHttpServer())
      .get('/health/ready')
      .expect(200, { status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('answers unknown paths 404 in the recruiting error body', async () => {
    const res = await request(app.getHttpServer()).get('/api/v1/nothing').expect(404);
    expect(res.body).toMatchObject({
      success: false,
      status: 'error',
      statusCode: 404,
      error: { code: 'NOT_FOUND' },
      path: '/api/v1/nothing',
      method: 'GET',
    });
  });

  it('declares bearer auth', async () => {
    const { body } = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  // The contract fixes both paths of each pair; they never meet: `import` is a static segment the router prefers, and a
  // candidateId is an integer.
  describeOpenApiDocument(() => app, {
    specAmbiguousPaths: [
      ['/api/v1/projects/{projectId}/candidates/import/{fileId}', '/api/v1/projects/{projectId}/candidates/{candidateId}/confirm-schedule'],
      ['/api/v1/projects/{projectId}/candidates/import/{fileId}', '/api/v1/projects/{projectId}/candidates/{candidateId}/email-logs'],
      ['/api/v1/projects/{projectId}/candidates/import/{fileId}', '/api/v1/projects/{projectId}/candidates/{candidateId}/history'],
      ['/api/v1/projects/{projectId}/candidates/import/{fileId}', '/api/v1/projects/{projectId}/candidates/{candidateId}/status'],
    ],
  });

  it('answers a login start 503 while no identity provider is configured (the sweep in bad-input.spec.ts runs with one)', async () => {
    const res = await request(app.getHttpServer()).get('/api/v1/auth/idp').expect(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('refuses to start on a database whose schema is not migrated', async () => {
    const empty = await t.scope.database('empty');
    await expect(startTestApp(AppModule.register(config(empty.url)), RECRUITING_HTTP)).rejects.toThrow(
      'database schema "recruiting" has pending migrations',
    );
  });
});
