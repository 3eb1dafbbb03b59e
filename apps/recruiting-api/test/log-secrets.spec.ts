import { DEV_IDP_USERS, type DevIdp, signInOverHttp, startDevIdp } from '@platform/dev-idp';
import { fingerprint } from '@platform/runtime';
import { freePort } from '@platform/testing';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt, inviteAndReadTokens } from './support/invite';
import { insertCandidates, insertProject } from './support/scheduling-fixtures';

/**
 * What the request log must never hold (issue 19): a login's one-time code and state, the tokens it hands out, and a
 * candidate's scheduling token, which alone grants access to the public page. A login and a scheduling flow run
 * against the app while its log lines are collected; none may contain a secret, and the token's fingerprint lets an
 * operator follow the candidate's requests.
 */
describe('secrets in the request log', () => {
  const lines: string[] = [];
  let idp: DevIdp;
  let t: RecruitingTestApp;

  beforeAll(async () => {
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
      { logLines: lines },
    );
    t.scope.defer('the dev IdP', () => idp.stop());
  });
  afterAll(() => t?.close());

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
    ]);
    expect(requestLines.some((line) => line.includes(`/api/v1/auth/idp/callback?code=[fp:${fingerprint(secrets.code)}]`))).toBe(true);
  });
});
