import { migrateDatabase } from '@platform/persistence';
import type { PlatformApp } from '@platform/runtime';
import { startTestApp, useTestScope, waitFor } from '@platform/testing/harness';
import { type PrivateService, startPrivatePostgres } from '@platform/testing/services';
import { Client } from 'pg';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadSurveyBuilderConfig } from '../src/config';
import { SURVEY_BUILDER_DATABASE } from '../src/database/database';
import { SURVEY_BUILDER_HTTP } from '../src/http-surface';
import { THEME } from './builder-kit';

/**
 * survey-builder-api while its PostgreSQL restarts: a private PostgreSQL of the test's own is stopped and started. A
 * database that does not answer is an outage, not a busy pool: saves and edits answer 503 "not available" within a
 * bound (never "busy", a hang or a 500), and every write waiting for its turn at the survey is answered too; once the
 * database is back, the same survey saves again, its versions numbered on without a gap.
 */
describe('survey-builder-api when PostgreSQL restarts', () => {
  const scope = useTestScope('builder_pg_restart');
  let postgres: PrivateService;
  let app: PlatformApp;
  let surveyId: string;
  const user = { 'x-user-email': 'designer@example.com', 'x-user-name': 'Designer' };
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    postgres = scope.track('the private PostgreSQL', await startPrivatePostgres());
    const url = new URL(postgres.url);
    url.pathname = '/platform';
    const admin = new Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE platform');
    await admin.end();
    await migrateDatabase(url.toString(), SURVEY_BUILDER_DATABASE);
    const config = loadSurveyBuilderConfig({ LOG_LEVEL: process.env.LOG_LEVEL, DATABASE_URL: url.toString() });
    app = scope.track(
      'survey-builder-api',
      await startTestApp(AppModule.register(config), SURVEY_BUILDER_HTTP, { bodyLimits: config.bodyLimits }),
    );
    surveyId = (await http().post('/api/surveys').set(user).send(THEME).expect(201)).body.data.id;
  }, 120_000);

  it('answers 503 "not available" to saves and edits during the outage, within a bound, and saves on afterwards', async () => {
    await http().post(`/api/surveys/${surveyId}/save`).set(user).expect(201);
    await postgres.stop();
    const started = Date.now();
    const during = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? http().post(`/api/surveys/${surveyId}/save`).set(user).timeout(20_000)
          : http()
              .patch(`/api/surveys/${surveyId}`)
              .set(user)
              .send({ title: `停止中 ${i}` })
              .timeout(20_000),
      ),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const res of during) {
      expect([res.status, res.headers['retry-after']]).toEqual([503, '2']);
      expect(res.body).toEqual({
        ok: false,
        error: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/not available/) }),
      });
    }

    await postgres.start();
    const saved = await waitFor(
      async () => {
        const res = await http().post(`/api/surveys/${surveyId}/save`).set(user).timeout(20_000);
        return res.status === 201 ? res.body.data : undefined;
      },
      { timeoutMs: 30_000, what: 'the builder to save again' },
    );
    expect(saved.versionNo).toBe(3);
    const history = (await http().get(`/api/surveys/${surveyId}/versions`).set(user).expect(200)).body.data;
    expect(history.map((v: { versionNo: number }) => v.versionNo)).toEqual([1, 2, 3]);
  }, 120_000);
});
