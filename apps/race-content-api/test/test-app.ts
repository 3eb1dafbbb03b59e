import { JwtService } from '@nestjs/jwt';
import type { PlatformApp } from '@platform/runtime';
import { ObjectStorage } from '@platform/storage';
import { deleteBucket, startTestApp, testServices, testStorageEnv, uniqueName } from '@platform/testing';
import { type Db, MongoClient } from 'mongodb';
import { AppModule } from '../src/app.module';
import { loadRaceContentConfig, type RaceContentConfig } from '../src/config';
import { RACE_CONTENT_HTTP } from '../src/http-surface';

/** The HS256 secret of the test apps' access tokens. */
export const TEST_JWT_SECRET = 'race-content-test-secret-0123456789abcdef';

/** Configuration against the real local services, isolated per test file (own database, queues, bucket). */
export function testConfig(overrides: Record<string, string> = {}): RaceContentConfig {
  const id = uniqueName('rc');
  return loadRaceContentConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    MONGODB_URI: testServices.mongoUri,
    MONGODB_DB: id,
    AMQP_URL: testServices.amqpUrl,
    QUEUE_PREFIX: `${id}.`,
    JWT_SECRET: TEST_JWT_SECRET,
    ...testStorageEnv(id.replace(/_/g, '-')),
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
 * arranging and asserting; close() drops the database and the bucket.
 */
export async function startRaceContentKit(overrides: Record<string, string> = {}) {
  const config = testConfig(overrides);
  const app = await startRaceContentApp(config);
  const client = await MongoClient.connect(testServices.mongoUri);
  const db: Db = client.db(config.mongo.dbName);
  const storage = new ObjectStorage(config.storage);
  return {
    app,
    config,
    db,
    storage,
    server: () => app.getHttpServer(),
    /** Closes the app (which fails when a response broke the OpenAPI document), then drops what the file made. */
    async close() {
      try {
        await app.close();
      } finally {
        await db.dropDatabase().catch(() => undefined);
        await client.close();
        await deleteBucket(storage.client, config.storage.bucket).catch(() => undefined);
        storage.destroy();
      }
    },
  };
}

export type RaceContentKit = Awaited<ReturnType<typeof startRaceContentKit>>;
