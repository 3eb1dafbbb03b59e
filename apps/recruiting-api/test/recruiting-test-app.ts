import type { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { migrateDatabase } from '@platform/persistence';
import { Mailpit, startTestApp, type TestDatabase, onNewScope, TestScope, testServices } from '@platform/testing/harness';
import { Pool } from 'pg';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadRecruitingConfig } from '../src/config';
import { RECRUITING_DATABASE } from '../src/database/database';
import { RECRUITING_HTTP } from '../src/http-surface';
import { RECRUITING_IMPORT_QUEUE } from '../src/recruiting.queues';
import { seedWarehouse } from './support/warehouse-seed';

export const TEST_JWT_SECRET = 'recruiting-test-secret-0123456789abcdef';

const jwt = new JwtService();

/** An access token as login would sign it. */
export const accessTokenOf = (id: number, role: string, secret = TEST_JWT_SECRET): string =>
  jwt.sign({ sub: String(id), role, type: 'access' }, { secret, algorithm: 'HS256' });

/** Malformed, foreign and wrongly signed bearer tokens every Bearer route refuses with 401. */
export const BAD_IDENTITIES: Array<Record<string, string>> = [
  {},
  { authorization: 'Bearer not-a-token' },
  { authorization: `Bearer ${jwt.sign({ sub: '1', role: 'admin', type: 'refresh' }, { secret: TEST_JWT_SECRET })}` },
  { authorization: `Bearer ${accessTokenOf(1, 'admin', 'another-secret-0123456789abcdef0123')}` },
  {
    authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","role":"admin","type":"access"}').toString('base64url')}.`,
  },
];

/** recruiting-api on its own migrated database, with a pool on the recruiting schema for arranging and asserting. */
export interface RecruitingTestApp {
  app: INestApplication;
  pool: Pool;
  database: TestDatabase;
  http: () => ReturnType<typeof request>;
  /** Inserts a user as an operator would (its email vouched for: verified) and answers its id. */
  insertUser(email: string, name: string, role: string): Promise<number>;
  /** The authorization header of that user. */
  as(id: number, role: string): { authorization: string };
  /** The environment the app was configured from (to start another instance on the same database and queues). */
  env: Record<string, string | undefined>;
  /** With `mail`: the app's own From address; its mail is found in Mailpit by it (support/invite.ts). */
  mailFrom?: string;
  /** Owns everything the file made; register further apps or clients on it (scope.track) to close them in order. */
  scope: TestScope;
  /** The file's whole teardown: the app, the pool, then the database, queues and Redis keys. */
  close(): Promise<void>;
}

/** Optional dependencies a test file wants configured: its own queue prefix on the broker, a seeded warehouse schema. */
export interface RecruitingServices {
  queue?: boolean;
  warehouse?: boolean;
  /** Collects the app's log lines (info and above) here. */
  logLines?: string[];
  /**
   * Mail is sent (PROTOTYPE_MODE false) to the shared Mailpit, from an address of the file's own; what it sent is
   * deleted from Mailpit at teardown. The calendar stays off (CALENDAR_PROVIDER none).
   */
  mail?: boolean;
}

export async function startRecruiting(
  name: string,
  env: Record<string, string | undefined> = {},
  services: RecruitingServices = {},
): Promise<RecruitingTestApp> {
  return onNewScope(name, async (scope) => {
    const database = await scope.database();
    await migrateDatabase(database.url, RECRUITING_DATABASE);
    const pool = scope.pool({ connectionString: database.url, max: 3, options: '-c search_path=recruiting' });
    // The warehouse is a schema of the test database, seeded by the code of npm run warehouse:seed.
    if (services.warehouse) await seedWarehouse(pool);
    const mailFrom = services.mail ? `${scope.id}@mail.example.test` : undefined;
    if (mailFrom) scope.defer('its mail in Mailpit', () => new Mailpit().deleteMailOf({ from: mailFrom }));
    const fullEnv = {
      LOG_LEVEL: process.env.LOG_LEVEL,
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      ...(services.queue
        ? { AMQP_URL: testServices.amqpUrl, QUEUE_PREFIX: scope.queuePrefix([RECRUITING_IMPORT_QUEUE]), JOB_RETRY_DELAY_MS: '200' }
        : {}),
      ...(services.warehouse ? { WAREHOUSE_URL: database.url } : {}),
      ...(mailFrom ? { PROTOTYPE_MODE: 'false', SMTP_URL: testServices.mail.smtpUrl, MAIL_FROM: `採用チーム <${mailFrom}>` } : {}),
      REDIS_URL: testServices.redisUrl,
      REDIS_KEY_PREFIX: scope.redisPrefix(),
      AUTH_KEY_PREFIX: scope.redisPrefix('auth'),
      ...env,
    };
    const config = loadRecruitingConfig(fullEnv);
    const app = scope.track(
      'recruiting-api',
      await startTestApp(AppModule.register(config), RECRUITING_HTTP, { logLines: services.logLines }),
    );
    return {
      app,
      pool,
      database,
      env: fullEnv,
      mailFrom,
      scope,
      http: () => request(app.getHttpServer()),
      insertUser: async (email, userName, role) =>
        (
          await pool.query<{ id: number }>('INSERT INTO users (email, name, role, email_verified) VALUES ($1, $2, $3, true) RETURNING id', [
            email,
            userName,
            role,
          ])
        ).rows[0].id,
      as: (id, role) => ({ authorization: `Bearer ${accessTokenOf(id, role)}` }),
      close: () => scope.close(),
    };
  });
}
