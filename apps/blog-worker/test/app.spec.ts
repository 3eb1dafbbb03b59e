import type { INestApplication } from '@nestjs/common';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import {
  expectMetricsEndpoint,
  scrapeMetrics,
  startTestApp,
  testServices,
  testStorageEnv,
  useTestScope,
  waitFor,
} from '@platform/testing/harness';
import { describeBadInputSweep, expectTruthfulDocument } from '@platform/testing/sweep';
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

  it('serves Prometheus metrics on its own port: its queues and the age of the oldest blog still generating', async () => {
    await expectMetricsEndpoint(app, {
      service: 'blog-worker',
      request: () => request(app.getHttpServer()).get('/openapi.json').expect(200),
      method: 'GET',
      route: '/openapi.json',
      statusClass: '2xx',
      families: ['rabbitmq_queue_messages', 'rabbitmq_queue_consumers', 'messaging_process_duration_seconds'],
    });
    // The sweeper's first round runs at start-up and sets the gauge (no blog is generating here).
    const pending = await waitFor(
      async () => (await scrapeMetrics(app)).samples.find((s) => s.name === 'generation_oldest_pending_seconds'),
      { what: 'the first sweep' },
    );
    expect(pending).toEqual({ name: 'generation_oldest_pending_seconds', labels: { kind: 'blog', service: 'blog-worker' }, value: 0 });
    // ... and the time of its last sweep without error, which the "sweeper stopped" alert watches.
    const swept = (await scrapeMetrics(app)).samples.find((s) => s.name === 'sweeper_last_success_timestamp_seconds');
    expect(swept?.labels).toEqual({ kind: 'blog', service: 'blog-worker' });
    expect(Math.abs(swept!.value - Date.now() / 1000)).toBeLessThan(60);
  });

  describeBadInputSweep({ app: () => app, identity: () => ({}), badIdentities: [] });
});
