import type { INestApplication } from '@nestjs/common';
import { migrateDatabase } from '@platform/persistence';
import {
  createTestDatabase,
  deleteBucket,
  describeBadInputSweep,
  expectTruthfulDocument,
  startTestApp,
  type TestDatabase,
  testServices,
  testStorageEnv,
  uniqueName,
} from '@platform/testing';
import { ObjectStorage } from '@platform/storage';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadAiWebhookConfig } from '../src/config';
import { AI_JOBS_DATABASE } from '../src/database';
import { AI_WEBHOOK_HTTP } from '../src/http-surface';

describe('ai-webhook on real PostgreSQL, Redis and S3', () => {
  const bucket = uniqueName('manifests').replace(/_/g, '-');
  let database: TestDatabase;
  const apps: INestApplication[] = [];

  const start = async (overrides: Record<string, string> = {}) => {
    const app = await startTestApp(
      AppModule.register(
        loadAiWebhookConfig({
          LOG_LEVEL: process.env.LOG_LEVEL,
          DATABASE_URL: database.url,
          REDIS_URL: testServices.redisUrl,
          ...testStorageEnv(bucket),
          ...overrides,
        }),
      ),
      AI_WEBHOOK_HTTP,
    );
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase('aijobs');
    await migrateDatabase(database.url, AI_JOBS_DATABASE);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    const storage = new ObjectStorage({ ...testServices.s3, bucket, forcePathStyle: true });
    await deleteBucket(storage.client, bucket);
    storage.destroy();
    await database?.drop();
  });

  it('is ready when PostgreSQL, Redis and S3 answer, and documents every route', async () => {
    const app = await start();
    await request(app.getHttpServer())
      .get('/health/ready')
      .expect(200, {
        status: 'ok',
        checks: { postgres: 'ok', redis: 'ok', 'object-storage': 'ok' },
      });
    await expectTruthfulDocument(app);
  });

  it('starts and reports degraded, not down, while Redis is unreachable', async () => {
    const app = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const res = await request(app.getHttpServer()).get('/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'degraded', checks: { postgres: 'ok', redis: 'error', 'object-storage': 'ok' } });
  });

  describe('under malformed input', () => {
    let app: INestApplication;
    beforeAll(async () => {
      app = await start();
    });
    describeBadInputSweep({ app: () => app, identity: () => ({}), badIdentities: [{ authorization: 'Bearer not-a-token' }] });
  });
});
