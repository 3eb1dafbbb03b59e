import { JwtService } from '@nestjs/jwt';
import type { PlatformApp } from '@platform/runtime';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { ObjectStorage } from '@platform/storage';
import { startTestApp, onNewScope, TestScope, testServices, testStorageEnv } from '@platform/testing/harness';
import { type Db, MongoClient } from 'mongodb';
import { AppModule } from '../src/app.module';
import { loadRaceContentConfig, type RaceContentConfig } from '../src/config';
import { RACE_CONTENT_HTTP } from '../src/http-surface';

/** The HS256 secret of the test apps' access tokens. */
export const TEST_JWT_SECRET = 'race-content-test-secret-0123456789abcdef';

/**
 * Configuration against the real local services, isolated per test file: a database, queue prefix and bucket of
 * the scope's own, removed when the scope closes.
 */
export function testConfig(scope: TestScope, overrides: Record<string, string> = {}): RaceContentConfig {
  return loadRaceContentConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    MONGODB_URI: testServices.mongoUri,
    MONGODB_DB: scope.mongoDatabase(),
    AMQP_URL: testServices.amqpUrl,
    QUEUE_PREFIX: scope.queuePrefix(RACE_CONTENT_QUEUE_LIST),
    JWT_SECRET: TEST_JWT_SECRET,
    REDIS_URL: testServices.redisUrl,
    AUTH_KEY_PREFIX: scope.redisPrefix('auth'),
    ...testStorageEnv(scope.bucket()),
    ...overrides,
  });
}

export function startRaceContentApp(config: RaceContentConfig): Promise<PlatformApp> {
  return startTestApp(AppModule.register(config), RACE_CONTENT_HTTP);
}

const jwt = new JwtService();

/** An access token as recruiting-api issues it. */
export function accessToken(role: string, options: { secret?: string; expiresIn?: number; type?: string } = {}): string {
  return jwt.sign(
    { sub: '7', role, type: options.type ?? 'access' },
    { secret: options.secret ?? TEST_JWT_SECRET, algorithm: 'HS256', expiresIn: options.expiresIn ?? 3600 },
  );
}

/** Authorization headers of a caller with this role. */
export const as = (role: 'viewer' | 'member' | 'admin' | string) => ({ authorization: `Bearer ${accessToken(role)}` });

/**
 * One app per test file against the real FerretDB and S3 server, with a direct handle on its database for
 * arranging and asserting; close() is the file's whole teardown (the app and clients, then the database,
 * queues and bucket).
 */
export async function startRaceContentKit(overrides: Record<string, string> = {}) {
  return onNewScope('rc', async (scope) => {
    const config = testConfig(scope, overrides);
    const client = scope.track('the MongoDB client', await MongoClient.connect(testServices.mongoUri));
    const storage = new ObjectStorage(config.storage);
    scope.defer('the S3 client', () => storage.destroy());
    const app = scope.track('race-content-api', await startRaceContentApp(config));
    const db: Db = client.db(config.mongo.dbName);
    return {
      app,
      config,
      db,
      storage,
      scope,
      server: () => app.getHttpServer(),
      /** Closes the app (which fails when a response broke the OpenAPI document), then removes what the file made. */
      close: () => scope.close(),
    };
  });
}

export type RaceContentKit = Awaited<ReturnType<typeof startRaceContentKit>>;
