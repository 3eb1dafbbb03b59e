import type { AddressInfo } from 'node:net';
import { JwtService } from '@nestjs/jwt';
import type { PlatformApp } from '@platform/runtime';
import { startEdge, type TestEdge } from '@platform/testing/deployment';
import { startTestApp, waitFor } from '@platform/testing/harness';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { SURVEY_BUILDER_HTTP } from '../src/http-surface';
import { type Builder, startBuilder, THEME } from './builder-kit';

const SECRET = 'builder-concurrent-writes-secret-0123456';
const EDITOR = 'editor@example.com';
const authorization = `Bearer ${new JwtService().sign(
  { sub: '51', role: 'member', type: 'access', email: EDITOR, email_verified: true, name: 'Editor' },
  { secret: SECRET, algorithm: 'HS256', expiresIn: 600 },
)}`;

/** The identity headers as the edge sets them from the token, for requests straight to a replica. */
const identity = { 'x-user-email': EDITOR, 'x-user-name': 'Editor' };

interface Answer {
  status: number;
  body: { ok: boolean; data?: Record<string, unknown>; error?: { code: string } };
}

/**
 * Many writes at once, as consoles send them, through the edge to two builder replicas on one database with the
 * default pool: a busy pool is load, not an outage. Every write answers 2xx, each survey's versions are numbered
 * 1..N without gaps or repeats, and each save answers the version it created. Only a request that waited for a
 * connection past the pool's wait answers 503 ("busy", with Retry-After).
 */
describe('survey-builder-api under concurrent writes, two replicas behind the edge', () => {
  let builder: Builder;
  let second: PlatformApp;
  let edge: TestEdge;

  const call = async (method: string, path: string, body?: object): Promise<Answer> => {
    const res = await fetch(`${edge.url}${path}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as Answer['body'] };
  };
  const created = async (title: string) => {
    const res = await call('POST', '/api/surveys', { ...THEME, title });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; versions: Array<{ id: string }> };
  };
  const history = async (surveyId: string) => {
    const res = await call('GET', `/api/surveys/${surveyId}/versions`);
    expect(res.status).toBe(200);
    return res.body.data as unknown as Array<{ id: string; versionNo: number; sourceVersionId: string | null }>;
  };
  const statusesOf = (answers: Answer[]) => answers.map((a) => (a.status < 300 ? '2xx' : `${a.status} ${a.body.error?.code}`));
  /** What a run took and how many answers were not 2xx, for the figures in docs/decisions.md. */
  const report = (what: string, answers: Answer[], elapsedMs: number) =>
    process.stdout.write(`${what}: ${answers.filter((a) => a.status >= 300).length} of ${answers.length} not 2xx, ${elapsedMs} ms\n`);

  /** The version numbers are 1..n and each version after the first was copied from the one before it. */
  const expectDense = (versions: Array<{ id: string; versionNo: number; sourceVersionId: string | null }>, n: number) => {
    expect(versions.map((v) => v.versionNo)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(versions.slice(1).map((v) => v.sourceVersionId)).toEqual(versions.slice(0, -1).map((v) => v.id));
  };

  beforeAll(async () => {
    builder = await startBuilder({ JWT_SECRET: SECRET });
    second = builder.scope.track(
      'replica b',
      await startTestApp(AppModule.register(builder.config), SURVEY_BUILDER_HTTP, { bodyLimits: builder.config.bodyLimits }),
    );
    const upstreams: string[] = [];
    for (const app of [builder.app, second]) {
      await app.listen(0, '127.0.0.1');
      upstreams.push(`127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`);
    }
    edge = builder.scope.track('the edge', await startEdge({ upstreams: { 'survey-builder-api': upstreams } }));
  });
  afterAll(() => builder?.close());

  it('answers forty writes to one survey at once (twenty saves, twenty PATCHes) all 2xx, versions dense', async () => {
    const survey = await created('同時保存');
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0 ? call('POST', `/api/surveys/${survey.id}/save`) : call('PATCH', `/api/surveys/${survey.id}`, { title: `題 ${i}` }),
      ),
    );
    report('forty writes to one survey', answers, Date.now() - started);
    expect(statusesOf(answers)).toEqual(Array(40).fill('2xx'));
    const saves = answers.filter((_, i) => i % 2 === 0).map((a) => a.body.data as { id: string; versionNo: number });
    // Each save answers the version it created: 2..21, each once.
    expect(saves.map((s) => s.versionNo).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const versions = await history(survey.id);
    expectDense(versions, 21);
    expect(new Set(saves.map((s) => s.id))).toEqual(new Set(versions.slice(1).map((v) => v.id)));
  }, 120_000);

  it('answers a hundred writes to a hundred surveys at once all 2xx, each survey versioned densely', async () => {
    const surveys: Array<{ id: string }> = [];
    for (let i = 0; i < 100; i += 10) surveys.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => created(`調査 ${i + j}`)))));
    const started = Date.now();
    const answers = await Promise.all(
      surveys.map((survey, i) =>
        i % 2 === 0 ? call('POST', `/api/surveys/${survey.id}/save`) : call('PATCH', `/api/surveys/${survey.id}`, { title: `題 ${i}` }),
      ),
    );
    report('a hundred writes to a hundred surveys', answers, Date.now() - started);
    expect(statusesOf(answers)).toEqual(Array(100).fill('2xx'));
    for (const [i, survey] of surveys.entries()) expectDense(await history(survey.id), i % 2 === 0 ? 2 : 1);
  }, 120_000);

  it('answers 503 "busy" with Retry-After to a request that waited for a connection past the pool wait, and serves again once one is free', async () => {
    const survey = await created('待ち');
    // A replica with one connection and a short wait; the survey row locked from outside, so its PATCH holds that
    // connection while it waits for the lock.
    const small = builder.scope.track(
      'a replica with one connection',
      await startTestApp(
        AppModule.register({ ...builder.config, database: { ...builder.config.database, poolSize: 1, poolWaitMs: 500 } }),
        SURVEY_BUILDER_HTTP,
        { bodyLimits: builder.config.bodyLimits },
      ),
    );
    const http = () => request(small.getHttpServer());
    const locker = await builder.scope.pool({ connectionString: builder.database.url, max: 1 }).connect();
    let patch: Promise<{ status: number }> | undefined;
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM survey_builder.survey WHERE id = $1 FOR UPDATE', [survey.id]);
      patch = http()
        .patch(`/api/surveys/${survey.id}`)
        .set(identity)
        .send({ title: '待った' })
        .then((res) => res);
      await waitFor(
        async () => {
          // Sessions waiting for a lock this one holds.
          const waits = await locker.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))`,
          );
          return waits.rows[0].n > 0 ? true : undefined;
        },
        { timeoutMs: 10_000, what: 'the PATCH to wait for the row lock' },
      );
      const busy = await http().get(`/api/surveys/${survey.id}`).set(identity);
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('2');
      expect(busy.body).toEqual({
        ok: false,
        error: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/busy/) }),
      });
    } finally {
      await locker.query('COMMIT');
      locker.release();
    }
    expect((await patch)?.status).toBe(200);
    expect((await http().get(`/api/surveys/${survey.id}`).set(identity).expect(200)).body.data.title).toBe('待った');
  });
});
