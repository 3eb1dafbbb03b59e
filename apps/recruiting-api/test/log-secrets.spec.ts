import { randomBytes } from 'node:crypto';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { DEV_IDP_USERS, type DevIdp, signInOverHttp, startDevIdp } from '@platform/dev-idp';
import { fingerprint } from '@platform/runtime';
import { freePort } from '@platform/testing/harness';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt, inviteAndReadTokens } from './support/invite';
import { insertCandidates, insertProject } from './support/scheduling-fixtures';

/**
 * What the request log must never hold (issue 19): a login's one-time code and state, the tokens it hands out, and a
 * candidate's scheduling token, which alone grants access to the public page. A login and a scheduling flow run
 * against the app while its log lines, its spans (an in-memory trace SDK in this process, which the app's own request
 * hooks use as they use the exporting one) and its metrics are collected; none may contain a secret, nor may an error
 * answer repeat one, and the token's fingerprint lets an operator follow the candidate's requests.
 */
describe('secrets in the request log, the spans, the metrics and error answers', () => {
  const lines: string[] = [];
  const spans = new InMemorySpanExporter();
  let idp: DevIdp;
  let t: RecruitingTestApp;

  beforeAll(async () => {
    // Before the app is built: its request hooks trace only when a trace SDK runs.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] }));
    const callbackUrl = `http://127.0.0.1:${await freePort()}/api/v1/auth/idp/callback`;
    idp = await startDevIdp({ clients: [{ clientId: 'recruiting-api', clientSecret: 'log-secret-client', redirectUris: [callbackUrl] }] });
    t = await startRecruiting(
      'recruiting_log_secrets',
      {
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: 'recruiting-api',
        OIDC_CLIENT_SECRET: 'log-secret-client',
        OIDC_REDIRECT_URL: callbackUrl,
        FRONTEND_URL: 'http://front.example.test',
        PUBLIC_SCHEDULING_URL: 'https://platform.example.com/schedule',
      },
      { logLines: lines, mail: true },
    );
    t.scope.defer('the dev IdP', () => idp.stop());
  });
  afterAll(async () => {
    await t?.close();
    trace.disable();
    context.disable();
  });

  it('logs no login code, state or issued token, and no scheduling token, only fingerprints', async () => {
    const start = await t.http().get('/api/v1/auth/idp').expect(302);
    const cookie = (start.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const { redirectedTo } = await signInOverHttp({ startUrl: start.headers.location, issuer: idp.issuer, ...DEV_IDP_USERS.member });
    const callback = new URL(redirectedTo);
    const landed = new URL(
      (await t.http().get(`${callback.pathname}${callback.search}`).set('cookie', cookie).expect(302)).headers.location,
    );
    const accessToken = landed.searchParams.get('token')!;
    const refreshToken = new URLSearchParams(landed.hash.slice(1)).get('refreshToken')!;
    await t.http().post('/api/v1/auth/refresh').send({ refreshToken }).expect(200);

    const member = await t.insertUser('planner@example.com', 'Planner', 'member');
    const project = await insertProject(t, 'ログの確認', 60, 'Asia/Tokyo');
    const [candidate] = await insertCandidates(t, project, [{ name: '候補 太郎', email: 'taro@example.com', status: 'contacted' }]);
    await t
      .http()
      .post(`/api/v1/projects/${project}/interviewer-availability`)
      .set(t.as(member, 'member'))
      .send({ interviewerId: member, startAt: dayAt(4, 1), endAt: dayAt(4, 3) })
      .expect(201);
    const token = (await inviteAndReadTokens(t, member, project, [candidate])).get(candidate)!;
    await t.http().get(`/schedule/${token}`).expect(200);
    await t.http().get(`/api/v1/scheduling/${token}`).expect(200);
    const slots = (await t.http().get(`/api/v1/scheduling/${token}/slots`).expect(200)).body.data;
    const { interviewerName: _name, ...slot } = slots[0];
    await t
      .http()
      .post(`/api/v1/scheduling/${token}/submit-availability`)
      .send({ slots: [slot] })
      .expect(200);
    await t.http().get(`/api/v1/scheduling/${token}x/slots`).expect(404);
    // A path no route has: its span gets no path at all (checked below).
    await t
      .http()
      .get(`/api/v1/unrouted/${randomBytes(32).toString('base64url')}`)
      .expect(404);

    // Refusals of requests that carry a secret: their answers must not repeat it.
    const refusals = [
      await t
        .http()
        .post('/api/v1/auth/refresh')
        .send({ refreshToken: [refreshToken] })
        .expect(400),
      await t
        .http()
        .post('/api/v1/auth/refresh')
        // A client that sends more than asked: the unknown field is named, its value never repeated.
        .send({ refreshToken, accessToken })
        .expect(400),
      await t
        .http()
        .post('/api/v1/auth/refresh')
        .send({ refreshToken: `${refreshToken}"` })
        .expect(401),
      await t.http().get(`${callback.pathname}${callback.search}`).expect(302),
      await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${accessToken}x`).expect(401),
      await t.http().patch('/api/v1/users/1').set('authorization', `Bearer ${accessToken}`).send({ role: 'admin' }).expect(403),
      await t.http().post(`/api/v1/scheduling/${token}/submit-availability`).send({ slots: token }).expect(400),
      await t.http().get(`/api/v1/scheduling/${token}/nothing-here`).expect(404),
      await t.http().get(`/api/v1/scheduling/${token}/slots?from=2026-02-30`).expect(400),
      // The refresh token once more, after it was rotated: reuse, which signs the login out (last, therefore).
      await t.http().post('/api/v1/auth/refresh').send({ refreshToken }).expect(401),
    ];

    const secrets = {
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
      loginCookie: cookie.split('=')[1],
      accessToken,
      refreshToken,
      schedulingToken: token,
    };
    for (const secret of Object.values(secrets)) expect(secret.length).toBeGreaterThan(8);
    const requestLines = lines.filter((line) => line.includes('"request completed"'));
    expect(requestLines.length).toBeGreaterThan(8);
    for (const [what, secret] of Object.entries(secrets)) {
      expect({ what, leaked: lines.filter((line) => line.includes(secret)) }).toEqual({ what, leaked: [] });
    }
    // The operator can still follow the candidate: the page and every API call carry the token's fingerprint.
    const followed = requestLines.filter((line) => line.includes(`[fp:${fingerprint(token)}]`));
    expect(followed.map((line) => JSON.parse(line).req.url)).toEqual([
      `/schedule/[fp:${fingerprint(token)}]`,
      `/api/v1/scheduling/[fp:${fingerprint(token)}]`,
      `/api/v1/scheduling/[fp:${fingerprint(token)}]/slots`,
      `/api/v1/scheduling/[fp:${fingerprint(token)}]/submit-availability`,
      `/api/v1/scheduling/[fp:${fingerprint(token)}]/submit-availability`,
      `/api/v1/scheduling/[fp:${fingerprint(token)}]/nothing-here`,
      `/api/v1/scheduling/[fp:${fingerprint(token)}]/slots?from=2026-02-30`,
    ]);
    expect(requestLines.some((line) => line.includes(`/api/v1/auth/idp/callback?code=[fp:${fingerprint(secrets.code)}]`))).toBe(true);

    for (const [i, res] of refusals.entries()) {
      const answer = `${i}: ${res.status} ${JSON.stringify(res.headers)} ${res.text}`;
      for (const [what, secret] of Object.entries(secrets))
        expect({ what, answer: answer.includes(secret) ? answer : 'clean' }).toEqual({ what, answer: 'clean' });
    }
    expect(refusals[7].body.path).toBe(`/api/v1/scheduling/[fp:${fingerprint(token)}]/nothing-here`);

    // Spans: the path without the secret (the token's fingerprint in its place), never a query; no path at all for a
    // request no route matched.
    const finished = spans.getFinishedSpans();
    expect(finished.length).toBeGreaterThan(10);
    const shown = JSON.stringify(finished.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events })));
    for (const [what, secret] of Object.entries(secrets))
      expect({ what, inSpans: shown.includes(secret) }).toEqual({ what, inSpans: false });
    const pathsOf = (route: string) => finished.filter((s) => s.attributes['http.route'] === route).map((s) => s.attributes['url.path']);
    expect(pathsOf('/api/v1/scheduling/{token}/slots')).toContain(`/api/v1/scheduling/[fp:${fingerprint(token)}]/slots`);
    expect(pathsOf('/schedule/{token}')).toEqual([`/schedule/[fp:${fingerprint(token)}]`]);
    expect(pathsOf('/api/v1/auth/idp/callback')).toEqual(['/api/v1/auth/idp/callback', '/api/v1/auth/idp/callback']);
    const unrouted = finished.filter(
      (s) => s.kind === 1 && !s.attributes['http.route'] && s.attributes['http.response.status_code'] === 404,
    );
    expect(unrouted.length).toBeGreaterThan(0);
    for (const span of unrouted) expect(span.attributes['url.path']).toBeUndefined();

    // Stored text: every text and JSON column of the schema (email logs, status history, import logs, login states,
    // reservations, ...) holds none of the secrets; the token tables keep digests.
    const columns = await t.pool.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'recruiting' AND data_type IN ('text', 'character varying', 'jsonb', 'json')`,
    );
    expect(columns.rows.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining([
        'email_logs.body',
        'candidate_status_history.reason',
        'import_logs.failure',
        'import_errors.message',
        'login_states.state',
      ]),
    );
    for (const { table_name: table, column_name: column } of columns.rows) {
      const found = await t.pool.query<{ secret: string }>(
        `SELECT s AS secret FROM unnest($1::text[]) s WHERE EXISTS (SELECT 1 FROM recruiting."${table}" WHERE strpos("${column}"::text, s) > 0)`,
        [Object.values(secrets)],
      );
      expect({ column: `${table}.${column}`, holds: found.rows.length }).toEqual({ column: `${table}.${column}`, holds: 0 });
    }

    // Metrics: route templates, never paths.
    const metrics = (await t.http().get('/metrics').expect(200)).text;
    for (const [what, secret] of Object.entries(secrets))
      expect({ what, inMetrics: metrics.includes(secret) }).toEqual({ what, inMetrics: false });
    expect(metrics).toContain('http_route="/api/v1/scheduling/{token}/slots"');
  });
});
