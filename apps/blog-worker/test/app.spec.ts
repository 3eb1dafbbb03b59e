import type { INestApplication } from '@nestjs/common';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { describeBadInputSweep, expectTruthfulDocument, startTestApp, testServices, testStorageEnv, useTestScope } from '@platform/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadBlogWorkerConfig } from '../src/config';
import { BLOG_WORKER_HTTP } from '../src/http-surface';

describe('blog-worker on real FerretDB, RabbitMQ and S3', () => {
  const scope = useTestScope('bw_app');
  let app: INestApplication;

  beforeAll(async () => {
    app = scope.track(
      'blog-worker',
      await startTestApp(
        AppModule.register(
          loadBlogWorkerConfig({
            LOG_LEVEL: process.env.LOG_LEVEL,
            MONGODB_URI: testServices.mongoUri,
            MONGODB_DB: scope.mongoDatabase(),
            AMQP_URL: testServices.amqpUrl,
            QUEUE_PREFIX: scope.queuePrefix(RACE_CONTENT_QUEUE_LIST),
            ...testStorageEnv(scope.bucket()),
          }),
        ),
        BLOG_WORKER_HTTP,
      ),
    );
  });

  it('is ready when its stores and broker answer, and its document covers its probes', async () => {
    await request(app.getHttpServer()).get('/health/live').expect(200, { status: 'ok' });
    await request(app.getHttpServer())
      .get('/health/ready')
      .expect(200, {
        status: 'ok',
        checks: { mongodb: 'ok', rabbitmq: 'ok', 'object-storage': 'ok' },
      });
    await expectTruthfulDocument(app);
  });

  describeBadInputSweep({ app: () => app, identity: () => ({}), badIdentities: [] });
});
