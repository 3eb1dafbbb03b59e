import type { INestApplication } from '@nestjs/common';
import { MongoClient } from 'mongodb';
import {
  deleteBucket,
  describeBadInputSweep,
  expectTruthfulDocument,
  startTestApp,
  testServices,
  testStorageEnv,
  uniqueName,
} from '@platform/testing';
import { ObjectStorage } from '@platform/storage';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadBlogWorkerConfig } from '../src/config';
import { BLOG_WORKER_HTTP } from '../src/http-surface';

describe('blog-worker on real FerretDB, RabbitMQ and S3', () => {
  const id = uniqueName('bw');
  const bucket = id.replace(/_/g, '-');
  let app: INestApplication;

  beforeAll(async () => {
    app = await startTestApp(
      AppModule.register(
        loadBlogWorkerConfig({
          LOG_LEVEL: process.env.LOG_LEVEL,
          MONGODB_URI: testServices.mongoUri,
          MONGODB_DB: id,
          AMQP_URL: testServices.amqpUrl,
          QUEUE_PREFIX: `${id}.`,
          ...testStorageEnv(bucket),
        }),
      ),
      BLOG_WORKER_HTTP,
    );
  });
  afterAll(async () => {
    await app?.close();
    const client = await MongoClient.connect(testServices.mongoUri);
    await client.db(id).dropDatabase();
    await client.close();
    const storage = new ObjectStorage({ ...testServices.s3, bucket, forcePathStyle: true });
    await deleteBucket(storage.client, bucket);
    storage.destroy();
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
