import type { INestApplication } from '@nestjs/common';
import { expectMetricsEndpoint, useTestScope } from '@platform/testing/harness';
import { type FerretDbProcess, startFerretDb } from '@platform/testing/services';
import request from 'supertest';
import { startRaceContentApp, testConfig } from './test-app';

describe('health (ping and deep ping) against a real FerretDB', () => {
  const scope = useTestScope('rc_ping');
  let ferret: FerretDbProcess;
  let app: INestApplication;
  const config = testConfig(scope);

  beforeAll(async () => {
    ferret = await startFerretDb();
    scope.defer('the private FerretDB', () => ferret.stop());
    app = await startRaceContentApp({ ...config, mongo: { ...config.mongo, uri: ferret.uri } });
    // The test stops the database under the app; closing then only has to release what is left.
    scope.defer('race-content-api', () => app.close().catch(() => undefined));
  });

  it('serves Prometheus metrics on its own port: a request moves its route template, its queues are measured', async () => {
    await expectMetricsEndpoint(app, {
      service: 'race-content-api',
      request: () => request(app.getHttpServer()).get('/v1/articles/0123456789abcdef01234567').expect(401),
      method: 'GET',
      route: '/v1/articles/{article_id}',
      statusClass: '4xx',
      families: ['rabbitmq_queue_messages', 'rabbitmq_queue_consumers'],
    });
  });

  it('GET /v1/ping answers 200 with a message, no credentials needed', async () => {
    const res = await request(app.getHttpServer()).get('/v1/ping').expect(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('GET /v1/ping/deep answers 200 with db ok while the database answers', async () => {
    const res = await request(app.getHttpServer()).get('/v1/ping/deep').expect(200);
    expect(res.body).toEqual({ message: expect.any(String), db: 'ok' });
  });

  it('answers 503 with db error, within 2 seconds, while the database hangs; recovers after', async () => {
    await ferret.pause();
    try {
      const started = Date.now();
      const res = await request(app.getHttpServer()).get('/v1/ping/deep');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: expect.any(String), db: 'error' });
    } finally {
      ferret.resume();
    }
    await request(app.getHttpServer()).get('/v1/ping/deep').expect(200);
  });

  it('answers 503 with db error when the database is down, never 500', async () => {
    await ferret.stop();
    const started = Date.now();
    const res = await request(app.getHttpServer()).get('/v1/ping/deep');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: expect.any(String), db: 'error' });
    await request(app.getHttpServer()).get('/v1/ping').expect(200);
  });
});
