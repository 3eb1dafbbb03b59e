import type { INestApplication } from '@nestjs/common';
import { startTestApp, testServices, uniqueName } from '@platform/testing';
import { AppModule } from '../src/app.module';
import { loadRaceContentConfig, type RaceContentConfig } from '../src/config';
import { RACE_CONTENT_OPENAPI } from '../src/openapi';

/** Configuration against the real local services, isolated per test file (own database, queues, bucket). */
export function testConfig(overrides: Record<string, string> = {}): RaceContentConfig {
  const id = uniqueName('rc');
  return loadRaceContentConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    MONGODB_URI: testServices.mongoUri,
    MONGODB_DB: id,
    AMQP_URL: testServices.amqpUrl,
    QUEUE_PREFIX: `${id}.`,
    S3_ENDPOINT: testServices.s3.endpoint,
    S3_BUCKET: id.replace(/_/g, '-'),
    S3_ACCESS_KEY_ID: testServices.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: testServices.s3.secretAccessKey,
    S3_CREATE_BUCKET: 'true',
    ...overrides,
  });
}

export function startRaceContentApp(config: RaceContentConfig): Promise<INestApplication> {
  return startTestApp(AppModule.register(config), RACE_CONTENT_OPENAPI);
}
