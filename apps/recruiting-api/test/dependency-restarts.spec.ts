import { migrateDatabase } from '@platform/persistence';
import type { PlatformApp } from '@platform/runtime';
import { startTestApp, testServices, useTestScope, waitFor } from '@platform/testing/harness';
import { type PrivateService, startPrivatePostgres } from '@platform/testing/services';
import { Client } from 'pg';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadRecruitingConfig } from '../src/config';
import { RECRUITING_DATABASE } from '../src/database/database';
import { RECRUITING_HTTP } from '../src/http-surface';
import { RECRUITING_IMPORT_QUEUE } from '../src/recruiting.queues';
import { ImportRunner } from '../src/candidates/import/import-runner';
import { encodeTsv, panelExport } from './fixtures/imports/tsv-fixtures';
import { accessTokenOf, TEST_JWT_SECRET } from './recruiting-test-app';

/**
 * recruiting-api while its PostgreSQL restarts (issue 21): a private PostgreSQL of the test's own is stopped and started
 * under load. The app stays up; readiness reports the outage and recovers; requests meanwhile answer 503 in the
 * recruiting error body within a bound, never a hang or a 500; afterwards everything answers again without an app
 * restart.
 */
describe('recruiting-api when PostgreSQL restarts', () => {
  const scope = useTestScope('recruiting_pg_restart');
  let postgres: PrivateService;
  let app: PlatformApp;
  let viewer: { authorization: string };
  let member: { authorization: string };
  let projectId: number;
  let sql: (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>;

  beforeAll(async () => {
    postgres = scope.track('the private PostgreSQL', await startPrivatePostgres());
    const url = new URL(postgres.url);
    url.pathname = '/platform';
    const admin = new Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE platform');
    await admin.end();
    await migrateDatabase(url.toString(), RECRUITING_DATABASE);
    const db = new Client({ connectionString: url.toString(), options: '-c search_path=recruiting' });
    await db.connect();
    const user = (
      await db.query<{ id: number }>("INSERT INTO users (email, name, role) VALUES ('v@example.com', 'V', 'viewer') RETURNING id")
    ).rows[0].id;
    const writer = (
      await db.query<{ id: number }>("INSERT INTO users (email, name, role) VALUES ('m@example.com', 'M', 'member') RETURNING id")
    ).rows[0].id;
    projectId = (await db.query<{ id: number }>("INSERT INTO projects (name) VALUES ('Restart') RETURNING id")).rows[0].id;
    await db.end();
    viewer = { authorization: `Bearer ${accessTokenOf(user, 'viewer')}` };
    member = { authorization: `Bearer ${accessTokenOf(writer, 'member')}` };
    // A fresh client per query: across the restart, a long-lived one would be cut off.
    sql = async (text, values = []) => {
      const client = new Client({ connectionString: url.toString(), options: '-c search_path=recruiting' });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    };
    app = scope.track(
      'recruiting-api',
      await startTestApp(
        AppModule.register(
          loadRecruitingConfig({
            LOG_LEVEL: process.env.LOG_LEVEL,
            DATABASE_URL: url.toString(),
            JWT_SECRET: TEST_JWT_SECRET,
            REDIS_URL: testServices.redisUrl,
            REDIS_KEY_PREFIX: scope.redisPrefix(),
            AMQP_URL: testServices.amqpUrl,
            QUEUE_PREFIX: scope.queuePrefix([RECRUITING_IMPORT_QUEUE]),
            JOB_RETRY_DELAY_MS: '200',
          }),
        ),
        RECRUITING_HTTP,
      ),
    );
  }, 120_000);

  const list = () => request(app.getHttpServer()).get(`/api/v1/projects/${projectId}/candidates`).set(viewer).timeout(10_000);
  const ready = () => request(app.getHttpServer()).get('/health/ready').timeout(10_000);

  it('answers 503 in its error body during the outage, never a 500 or a hang, and recovers without a restart', async () => {
    await list().expect(200);
    await ready().expect(200);

    await postgres.stop();
    const during: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = Date.now();
      const res = await list();
      expect(Date.now() - started).toBeLessThan(6000);
      during.push(res.status);
      expect(res.body).toMatchObject({ success: false, statusCode: 503, error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    expect(new Set(during)).toEqual(new Set([503]));
    const readiness = await ready();
    expect(readiness.status).toBe(503);
    expect(readiness.body.checks.postgres).toBe('error');

    await postgres.start();
    await waitFor(async () => ((await list()).status === 200 ? true : undefined), { timeoutMs: 20_000, what: 'the app to answer again' });
    await ready().expect(200);
    for (let i = 0; i < 5; i++) await list().expect(200);
  }, 120_000);

  it('finishes an import it accepted although PostgreSQL went away in the middle, with exact counts', async () => {
    const rows = 12_000;
    const base = `/api/v1/projects/${projectId}/candidates/import`;
    const file = encodeTsv(panelExport(rows, '\n'), 'utf-16le', true);
    const fileId = (await request(app.getHttpServer()).post(`${base}/upload`).set(member).attach('file', file, 'big.tsv').expect(200)).body
      .data.file_id;
    const mapping = { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } };
    const logId = (await request(app.getHttpServer()).post(`${base}/${fileId}/execute`).set(member).send({ mapping }).expect(201)).body.data
      .importLogId;
    await waitFor(
      async () =>
        Number((await sql('SELECT checkpoint FROM import_logs WHERE id = $1', [logId]))[0].checkpoint) >= 2000 ? true : undefined,
      {
        timeoutMs: 30_000,
        intervalMs: 20,
        what: 'the first batch',
      },
    );
    // Down for longer than the job's three attempts take: an outage must not use them up.
    const runner = app.get(ImportRunner);
    const run = runner.run.bind(runner);
    let runs = 0;
    runner.run = (id: number) => (runs++, run(id));
    await postgres.stop();
    await waitFor(async () => (runs >= 5 ? true : undefined), { timeoutMs: 30_000, what: 'five deliveries of the job during the outage' });
    await postgres.start();
    const status = await waitFor(
      async () => {
        const res = await request(app.getHttpServer()).get(`${base}/${logId}/status`).set(viewer);
        return res.status === 200 && ['completed', 'partial', 'failed'].includes(res.body.data.status) ? res.body.data : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 100, what: 'the import to finish' },
    );
    expect(status).toMatchObject({ status: 'completed', importedCount: rows, duplicateCount: 0, errorCount: 0 });
    expect(
      await sql('SELECT count(*)::int AS n, count(DISTINCT candidate_id)::int AS people FROM project_candidates WHERE project_id = $1', [
        projectId,
      ]),
    ).toEqual([{ n: rows, people: rows }]);
  }, 150_000);
});
