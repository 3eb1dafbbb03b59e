import type { INestApplication } from '@nestjs/common';
import { migrateDatabase } from '@platform/persistence';
import { expectMetricsEndpoint, startTestApp, useTestScope } from '@platform/testing/harness';
import { describeOpenApiDocument } from '@platform/testing/sweep';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadSurveyBuilderConfig } from '../src/config';
import { SURVEY_BUILDER_DATABASE } from '../src/database/database';
import { SURVEY_BUILDER_HTTP } from '../src/http-surface';

describe('survey-builder-api on a real PostgreSQL', () => {
  const scope = useTestScope('builder_app');
  let app: INestApplication;

  beforeAll(async () => {
    const database = await scope.database();
    await migrateDatabase(database.url, SURVEY_BUILDER_DATABASE);
    app = scope.track(
      'survey-builder-api',
      await startTestApp(
        AppModule.register(loadSurveyBuilderConfig({ LOG_LEVEL: process.env.LOG_LEVEL, DATABASE_URL: database.url })),
        SURVEY_BUILDER_HTTP,
      ),
    );
  });

  it('serves Prometheus metrics on its own port: a request moves its route template, its pool is measured', async () => {
    await expectMetricsEndpoint(app, {
      service: 'survey-builder-api',
      request: () => request(app.getHttpServer()).get('/api/surveys/12345').expect(401),
      method: 'GET',
      route: '/api/surveys/{surveyId}',
      statusClass: '4xx',
      families: ['db_client_connections_usage', 'db_client_connections_max', 'db_client_connections_pending_requests'],
    });
  });

  it('answers probes without user headers', async () => {
    await request(app.getHttpServer()).get('/health/live').expect(200, { status: 'ok' });
    await request(app.getHttpServer())
      .get('/health/ready')
      .expect(200, { status: 'ok', checks: { postgres: 'ok' } });
  });

  it('answers unknown paths 404 in the builder error body', async () => {
    const res = await request(app.getHttpServer())
      .get('/api/nothing')
      .set('x-user-email', 'a@example.com')
      .set('x-user-name', 'A')
      .expect(404);
    expect(res.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'NOT_FOUND' }) });
  });

  it('declares what a caller sends to the edge as its security: the access token, or the import key on import routes', async () => {
    const { body } = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(Object.keys(body.components.securitySchemes)).toEqual(['bearer', 'importKey']);
    expect(body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(body.components.securitySchemes.importKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(body.security).toEqual([{ bearer: [] }]);
    expect(body.paths['/api/imports/survey-platform/bundle'].post.security).toEqual(
      expect.arrayContaining([{ bearer: [] }, { importKey: [] }]),
    );
    expect(body.paths['/health/live'].get.security).toEqual([]);
  });

  describeOpenApiDocument(() => app);
});
