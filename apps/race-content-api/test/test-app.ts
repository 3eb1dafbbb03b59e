import type { PlatformApp } from '@platform/runtime';
import { startTestApp, testServices, testStorageEnv, uniqueName } from '@platform/testing';
import { AppModule } from '../src/app.module';
import { loadRaceContentConfig, type RaceContentConfig } from '../src/config';
import { RACE_CONTENT_HTTP } from '../src/http-surface';

/** Configuration against the real local services, isolated per test file (own database, queues, bucket). */
export function testConfig(overrides: Record<string, string> = {}): RaceContentConfig {
  const id = uniqueName('rc');
  return loadRaceContentConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    MONGODB_URI: testServices.mongoUri,
    MONGODB_DB: id,
    AMQP_URL: testServices.amqpUrl,
    QUEUE_PREFIX: `${id}.`,
    ...testStorageEnv(id.replace(/_/g, '-')),
    ...overrides,
  });
}

export function startRaceContentApp(config: RaceContentConfig): Promise<PlatformApp> {
  return startTestApp(AppModule.register(config), RACE_CONTENT_HTTP);
}
