import { migrateDatabase } from '@platform/persistence';
import type { PlatformApp } from '@platform/runtime';
import { type HttpClient, httpClient, onNewScope, startTestApp, testServices } from '@platform/testing/harness';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadSurveyBuilderConfig } from '../src/config';
import { SURVEY_BUILDER_DATABASE } from '../src/database/database';
import { SURVEY_BUILDER_HTTP } from '../src/http-surface';

export const ADMIN = { email: 'admin@example.com', name: 'Admin' };
export const IMPORT_KEY = 'import-key-for-tests-0123456789';

export interface TestUser {
  email: string;
  name: string;
}

export type Client = HttpClient & { user: TestUser };

/** Requests as a user: the identity headers on every call (names percent-encoded, as clients send them). */
export function clientFor(app: PlatformApp, user: TestUser): Client {
  return { ...httpClient(app, { 'x-user-email': user.email, 'x-user-name': encodeURIComponent(user.name) }), user };
}

/**
 * The builder on a database of its own, with an administrator and an import key configured; with a JWT_SECRET (the
 * edge's identity check) also the token versions on Redis, under a prefix of the scope's own unless AUTH_KEY_PREFIX
 * is given (to share recruiting's). `logLines` collects what it logs (info and above).
 */
export async function startBuilder(env: Record<string, string> = {}, { logLines }: { logLines?: string[] } = {}) {
  return onNewScope('builder', async (scope) => {
    const database = await scope.database();
    await migrateDatabase(database.url, SURVEY_BUILDER_DATABASE);
    const config = loadSurveyBuilderConfig({
      LOG_LEVEL: process.env.LOG_LEVEL,
      DATABASE_URL: database.url,
      SURVEY_ADMIN_EMAILS: ADMIN.email,
      SURVEY_IMPORT_API_KEY: IMPORT_KEY,
      ...(env.JWT_SECRET ? { REDIS_URL: testServices.redisUrl, AUTH_KEY_PREFIX: scope.redisPrefix('auth') } : {}),
      ...env,
    });
    const app = scope.track(
      'survey-builder-api',
      await startTestApp(AppModule.register(config), SURVEY_BUILDER_HTTP, { bodyLimits: config.bodyLimits, logLines }),
    );
    return {
      app,
      config,
      database,
      scope,
      as: (user: TestUser) => clientFor(app, user),
      http: () => request(app.getHttpServer()),
      /** The file's whole teardown: the app, then its database. */
      close: () => scope.close(),
    };
  });
}

export type Builder = Awaited<ReturnType<typeof startBuilder>>;

export const THEME = {
  title: '緑茶の評価',
  clientName: '茶舗',
  objective: '新商品の受容性評価',
  deliveryArea: '関東',
  category: '飲料',
};

/** Creates a survey as the user and returns its detail. */
export async function createSurvey(client: Client, overrides: object = {}) {
  const res = await client.post('/api/surveys', { ...THEME, ...overrides }).expect(201);
  return res.body.data;
}
