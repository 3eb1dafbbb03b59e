import { DEV_IDP_USERS, type DevIdp, signInOverHttp, startDevIdp } from '@platform/dev-idp';
import { freePort, startTestApp } from '@platform/testing/harness';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadRecruitingConfig } from '../src/config';
import { RECRUITING_HTTP } from '../src/http-surface';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt, inviteAndReadTokens } from './support/invite';
import { insertCandidates, insertProject } from './support/scheduling-fixtures';

const CLIENT_SECRET = 'replicas-client-secret-0123456789';

/**
 * recruiting-api as it is deployed, two replicas on one database and one Redis (issue 21): whatever one replica does,
 * the other sees at once. Nothing a request depends on is kept in a process: the login's state and PKCE verifier are
 * rows, the public rate limits are Redis counters, and a change to windows or reservations bumps the public slots'
 * generation in Redis, which every replica checks before reusing the slots it computed.
 */
describe('recruiting-api as two replicas', () => {
  let idp: DevIdp;
  let a: RecruitingTestApp;
  let b: () => ReturnType<typeof request>;
  let member: number;
  let interviewer: number;
  let projectId: number;

  beforeAll(async () => {
    const callbackUrl = `http://127.0.0.1:${await freePort()}/api/v1/auth/idp/callback`;
    idp = await startDevIdp({ clients: [{ clientId: 'recruiting-api', clientSecret: CLIENT_SECRET, redirectUris: [callbackUrl] }] });
    a = await startRecruiting(
      'recruiting_replicas',
      {
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: 'recruiting-api',
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_REDIRECT_URL: callbackUrl,
        FRONTEND_URL: 'https://console.example.com',
        ADMIN_EMAILS: DEV_IDP_USERS.admin.email,
        PUBLIC_RATE_LIMIT_PER_TOKEN: '1000',
        PUBLIC_RATE_LIMIT_PER_ADDRESS: '6',
        // A long window, so the test never straddles two.
        PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '3600',
      },
      { mail: true },
    );
    a.scope.defer('the dev IdP', () => idp.stop());
    const second = a.scope.track('replica b', await startTestApp(AppModule.register(loadRecruitingConfig(a.env)), RECRUITING_HTTP));
    b = () => request(second.getHttpServer());
    member = await a.insertUser('member@example.com', 'Member', 'member');
    interviewer = await a.insertUser('alice@example.com', '面接 アリス', 'member');
    projectId = await insertProject(a, 'レプリカ調査');
  });
  afterAll(async () => a?.close());

  it('finishes on one replica a login started on the other, and each honours the tokens the other issued', async () => {
    const start = await a.http().get('/api/v1/auth/idp').expect(302);
    const cookie = (start.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const { redirectedTo } = await signInOverHttp({ startUrl: start.headers.location, issuer: idp.issuer, ...DEV_IDP_USERS.admin });
    const callback = new URL(redirectedTo);
    const landed = await b().get(`${callback.pathname}${callback.search}`).set('cookie', cookie).expect(302);
    const token = new URL(landed.headers.location).searchParams.get('token');
    expect(token).toBeTruthy();
    const me = await a
      .http()
      .get('/api/v1/auth/me')
      .set({ authorization: `Bearer ${token}` })
      .expect(200);
    expect(me.body.data).toMatchObject({ email: DEV_IDP_USERS.admin.email, role: 'admin' });
    // The state was used once, on b: a replay on a fails like a replay anywhere.
    const replay = await a.http().get(`${callback.pathname}${callback.search}`).set('cookie', cookie).expect(302);
    expect(replay.headers.location).toContain('error=auth_failed');
  });

  it('counts the public rate limit once for both: requests spread over the replicas are limited as from one', async () => {
    const [candidate] = await insertCandidates(a, projectId, [{ name: '限度', email: 'limit@example.com' }]);
    const token = (await inviteAndReadTokens(a, member, projectId, [candidate])).get(candidate)!;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await (i % 2 ? b() : a.http()).get(`/api/v1/scheduling/${token}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('stops offering a slot on one replica the moment a schedule confirmed on the other takes it', async () => {
    await a.pool.query(`INSERT INTO interviewer_availability (project_id, interviewer_id, start_at, end_at) VALUES ($1, $2, $3, $4)`, [
      projectId,
      interviewer,
      dayAt(4, 1),
      dayAt(4, 3),
    ]);
    const [asking, confirmed] = await insertCandidates(a, projectId, [
      { name: '見る人', email: 'looker@example.com' },
      { name: '決まる人', email: 'booked@example.com', status: 'scheduling' },
    ]);
    const token = (await inviteAndReadTokens(a, member, projectId, [asking])).get(asking)!;
    // The candidate reads the slots on b, from an address of its own (the test before used up 127.0.0.1's limit; the
    // app trusts one proxy hop, which the header stands for).
    const offered = async () =>
      (
        (await b().get(`/api/v1/scheduling/${token}/slots`).set('x-forwarded-for', '203.0.113.9').expect(200)).body.data as Array<{
          startAt: string;
        }>
      ).map((slot) => slot.startAt);
    const before = await offered();
    expect(before).toContain(dayAt(4, 1));
    expect(before).toContain(dayAt(4, 2));
    const preferred = await a.pool.query<{ id: number }>(
      `INSERT INTO preferred_slots (project_candidate_id, interviewer_id, start_at, end_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [confirmed, interviewer, dayAt(4, 1), dayAt(4, 2)],
    );
    await a
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/${confirmed}/confirm-schedule`)
      .set(a.as(member, 'member'))
      .send({ availableDateId: preferred.rows[0].id })
      .expect(201);
    // Nothing that overlaps 01:00-02:00 with that interviewer is offered any more; 02:00 still is.
    const after = await offered();
    expect(after.filter((start) => start < dayAt(4, 2))).toEqual([]);
    expect(after).toEqual(before.filter((start) => start >= dayAt(4, 2)));
  });
});
