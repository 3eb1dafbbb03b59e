import { createHash } from 'node:crypto';
import { DEV_IDP_USERS, type DevIdp, signInOverHttp, startDevIdp } from '@platform/dev-idp';
import { freePort } from '@platform/testing/harness';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

const FRONTEND = 'http://front.example.test';
const CLIENT_SECRET = 'login-spec-client-secret';

/**
 * The whole login over real HTTP: the app's redirect, the development identity provider's sign-in form, the
 * callback's code exchange (openid-client), the user row, and the tokens that come out of it.
 */
describe('login through the identity provider', () => {
  let idp: DevIdp;
  let t: RecruitingTestApp;
  let callbackUrl: string;

  beforeAll(async () => {
    callbackUrl = `http://127.0.0.1:${await freePort()}/api/v1/auth/idp/callback`;
    idp = await startDevIdp({ clients: [{ clientId: 'recruiting-api', clientSecret: CLIENT_SECRET, redirectUris: [callbackUrl] }] });
    t = await startRecruiting('recruiting_login', {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: 'recruiting-api',
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URL: callbackUrl,
      FRONTEND_URL: FRONTEND,
      ADMIN_EMAILS: 'Admin@Example.com,unverified@example.com',
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  /** A login's start as the browser saw it: the login cookie the app set (`name=value`). */
  const startLogin = async () => {
    const start = await t.http().get('/api/v1/auth/idp').expect(302);
    const cookie = (start.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    return { location: start.headers.location as string, cookie };
  };
  /**
   * Starts a login at the app and signs in at the provider; answers the callback URL the provider sent the browser to,
   * and the login cookie that browser holds.
   */
  async function providerCallback(user: { email: string; password: string }): Promise<{ url: URL; cookie: string }> {
    const start = await startLogin();
    const { redirectedTo } = await signInOverHttp({ startUrl: start.location, issuer: idp.issuer, ...user });
    return { url: new URL(redirectedTo), cookie: start.cookie };
  }
  /** The callback as the browser that started the login opens it (with its cookie), or as another (`cookie` given). */
  const callback = ({ url, cookie }: { url: URL; cookie: string }, asBrowser = cookie) =>
    t
      .http()
      .get(`${url.pathname}${url.search}`)
      .set(asBrowser ? { cookie: asBrowser } : {});
  const landing = (location: string) => {
    const url = new URL(location);
    return { url, token: url.searchParams.get('token'), refreshToken: new URLSearchParams(url.hash.slice(1)).get('refreshToken') };
  };

  it('redirects to the provider with state, nonce and PKCE S256, and keeps the secrets server-side', async () => {
    const res = await t.http().get('/api/v1/auth/idp').expect(302);
    const url = new URL(res.headers.location);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'recruiting-api',
      redirect_uri: callbackUrl,
      response_type: 'code',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^.{20,}$/),
      nonce: expect.stringMatching(/^.{20,}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    const { rows } = await t.pool.query('SELECT code_verifier FROM login_states WHERE state = $1', [url.searchParams.get('state')]);
    expect(rows).toHaveLength(1);
    expect(url.toString()).not.toContain(rows[0].code_verifier);
  });

  it('creates an administrator on the first login of an ADMIN_EMAILS address and lands on the front end with tokens', async () => {
    const res = await callback(await providerCallback(DEV_IDP_USERS.admin)).expect(302);
    const { url, token, refreshToken } = landing(res.headers.location);
    expect(`${url.origin}${url.pathname}`).toBe(`${FRONTEND}/login`);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    const me = await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.data).toMatchObject({ email: 'admin@example.com', name: 'Dev Admin', role: 'admin', picture: null });
    const { rows } = await t.pool.query('SELECT idp_subject FROM users WHERE id = $1', [me.body.data.id]);
    expect(rows[0].idp_subject).toBe('dev-admin');
  });

  it('creates a member otherwise, and refreshes the profile on the next login without a second user', async () => {
    const first = landing((await callback(await providerCallback(DEV_IDP_USERS.tanaka)).expect(302)).headers.location);
    const me = await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${first.token}`).expect(200);
    expect(me.body.data).toMatchObject({
      email: 'tanaka@example.com',
      name: '田中 花子',
      role: 'member',
      picture: 'https://example.com/tanaka.png',
    });
    await t.pool.query("UPDATE users SET name = 'stale', role = 'viewer' WHERE id = $1", [me.body.data.id]);
    const second = landing((await callback(await providerCallback(DEV_IDP_USERS.tanaka)).expect(302)).headers.location);
    const again = await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${second.token}`).expect(200);
    expect(again.body.data).toMatchObject({ id: me.body.data.id, name: '田中 花子', role: 'viewer' });
    const { rows } = await t.pool.query("SELECT count(*)::int AS n FROM users WHERE lower(email) = 'tanaka@example.com'");
    expect(rows[0].n).toBe(1);
  });

  it('links an operator-created user by email on its first login, keeping the role it was given', async () => {
    const id = await t.insertUser('viewer@example.com', 'Provisioned', 'viewer');
    const { token } = landing((await callback(await providerCallback(DEV_IDP_USERS.viewer)).expect(302)).headers.location);
    const me = await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.data).toMatchObject({ id, role: 'viewer', name: 'Dev Viewer' });
  });

  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

  it("signs a verified login's token with email_verified true and the user's token version", async () => {
    const { token } = landing((await callback(await providerCallback(DEV_IDP_USERS.member)).expect(302)).headers.location);
    expect(claimsOf(token!)).toMatchObject({ email: 'member@example.com', email_verified: true, ver: 0, type: 'access' });
  });

  it("gives an unverified email no email-keyed authority: no ADMIN_EMAILS role, no link to the address's owner", async () => {
    // An operator provisioned the address as an admin; ADMIN_EMAILS names it too.
    const owner = await t.insertUser('unverified@example.com', 'Owner', 'admin');
    const { token } = landing((await callback(await providerCallback(DEV_IDP_USERS.unverified)).expect(302)).headers.location);
    expect(claimsOf(token!)).toMatchObject({ email: 'unverified@example.com', email_verified: false, role: 'member' });
    const me = await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.data).toMatchObject({ email: 'unverified@example.com', role: 'member' });
    expect(me.body.data.id).not.toBe(owner);
    const { rows } = await t.pool.query(
      "SELECT id, idp_subject, email_verified, role FROM users WHERE lower(email) = 'unverified@example.com' ORDER BY id",
    );
    expect(rows).toEqual([
      { id: owner, idp_subject: null, email_verified: true, role: 'admin' },
      { id: me.body.data.id, idp_subject: 'dev-unverified', email_verified: false, role: 'member' },
    ]);
    // The next login finds the same account by its subject.
    const again = landing((await callback(await providerCallback(DEV_IDP_USERS.unverified)).expect(302)).headers.location);
    expect(claimsOf(again.token!).sub).toBe(String(me.body.data.id));
  });

  it('sets a login cookie bound to the state: HttpOnly, SameSite=Lax, on the callback path, ten minutes; the callback clears it', async () => {
    const start = await t.http().get('/api/v1/auth/idp').expect(302);
    const [setCookie] = start.headers['set-cookie'] as unknown as string[];
    expect(setCookie).toMatch(/^recruiting_login=[\w-]{43}; Max-Age=600; Path=\/api\/v1\/auth\/idp\/callback; HttpOnly; SameSite=Lax$/);
    const key = setCookie.split(';')[0].split('=')[1];
    const state = new URL(start.headers.location).searchParams.get('state');
    const { rows } = await t.pool.query("SELECT encode(browser_binding, 'hex') AS binding FROM login_states WHERE state = $1", [state]);
    // Only the key's digest is kept.
    expect(rows).toEqual([{ binding: createHash('sha256').update(key).digest('hex') }]);
    const done = await callback(await providerCallback(DEV_IDP_USERS.member)).expect(302);
    expect(done.headers['set-cookie']).toEqual([
      expect.stringMatching(/^recruiting_login=; Max-Age=0; Path=\/api\/v1\/auth\/idp\/callback;/),
    ]);
  });

  it('fails a callback opened in another browser (without the cookie, or with the cookie of another login), and spends its state', async () => {
    const elsewhere = await startLogin();
    for (const otherBrowser of ['', elsewhere.cookie, 'recruiting_login=forged-key']) {
      const flow = await providerCallback(DEV_IDP_USERS.member);
      const res = await callback(flow, otherBrowser).expect(302);
      expect(res.headers.location).toBe(`${FRONTEND}/login?error=auth_failed`);
      // The state is spent: the browser that started the login cannot finish it after a foreign attempt.
      expect((await callback(flow).expect(302)).headers.location).toBe(`${FRONTEND}/login?error=auth_failed`);
    }
  });

  it('answers a replayed callback with auth_failed: the state is good for one use', async () => {
    const url = await providerCallback(DEV_IDP_USERS.member);
    expect(landing((await callback(url).expect(302)).headers.location).token).toBeTruthy();
    const replay = await callback(url).expect(302);
    expect(replay.headers.location).toBe(`${FRONTEND}/login?error=auth_failed`);
  });

  it('answers a foreign, unknown or expired state, a bad code and a provider error with auth_failed and no detail', async () => {
    // Each from the browser that holds the cookie of a login it started, so only the named fault fails it.
    const { url, cookie } = await providerCallback(DEV_IDP_USERS.member);
    const code = url.searchParams.get('code');
    const failures = [
      `/api/v1/auth/idp/callback?code=${code}&state=someone-elses-state`,
      `/api/v1/auth/idp/callback?code=${code}`,
      '/api/v1/auth/idp/callback?error=access_denied&error_description=The+user+said+no&state=x',
    ];
    const start = await startLogin();
    const startedState = new URL(start.location).searchParams.get('state');
    failures.push(`/api/v1/auth/idp/callback?code=not-a-code-the-provider-issued&state=${startedState}`);
    await t.pool.query("INSERT INTO login_states VALUES ('expired-state', 'v', 'n', now() - interval '1 second')");
    failures.push(`/api/v1/auth/idp/callback?code=${code}&state=expired-state`);
    for (const path of failures) {
      const res = await t
        .http()
        .get(path)
        .set('cookie', path.includes(startedState!) ? start.cookie : cookie);
      expect({ path, status: res.status, location: res.headers.location }).toEqual({
        path,
        status: 302,
        location: `${FRONTEND}/login?error=auth_failed`,
      });
    }
  });

  it('answers 400 for a callback without a code or with an empty one', async () => {
    for (const path of ['/api/v1/auth/idp/callback', '/api/v1/auth/idp/callback?code=&state=x', '/api/v1/auth/idp/callback?state=x']) {
      const res = await t.http().get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  describe('refresh tokens', () => {
    async function login(user = DEV_IDP_USERS.member) {
      const { token, refreshToken } = landing((await callback(await providerCallback(user)).expect(302)).headers.location);
      return { accessToken: token!, refreshToken: refreshToken! };
    }
    const refresh = (refreshToken: unknown) => t.http().post('/api/v1/auth/refresh').send({ refreshToken });

    it('rotates: a refresh answers a new pair, and the token presented is used up', async () => {
      const session = await login();
      const res = await refresh(session.refreshToken).expect(200);
      expect(res.body.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
      expect(res.body.data.refreshToken).not.toBe(session.refreshToken);
      await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${res.body.data.accessToken}`).expect(200);
      const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = sha256($1::bytea)', [
        Buffer.from(session.refreshToken),
      ]);
      expect(rows[0].n).toBe(1);
      expect(JSON.stringify((await t.pool.query('SELECT * FROM refresh_tokens')).rows)).not.toContain(session.refreshToken);
    });

    it('revokes the whole family when a used refresh token comes back', async () => {
      const session = await login();
      const next = (await refresh(session.refreshToken).expect(200)).body.data.refreshToken;
      const reuse = await refresh(session.refreshToken).expect(401);
      expect(reuse.body.error.code).toBe('UNAUTHENTICATED');
      await refresh(next).expect(401);
    });

    it('refuses an unknown or expired refresh token with 401 and a malformed body with 400', async () => {
      await refresh('x'.repeat(43)).expect(401);
      const session = await login();
      await t.pool.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = sha256($1::bytea)", [
        Buffer.from(session.refreshToken),
      ]);
      await refresh(session.refreshToken).expect(401);
      for (const body of [{}, { refreshToken: '' }, { refreshToken: 42 }, { refreshToken: 'a', extra: 1 }]) {
        const res = await t.http().post('/api/v1/auth/refresh').send(body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
      }
    });

    it('signs the refreshed access token with the role the user has now', async () => {
      const session = await login(DEV_IDP_USERS.viewer);
      const me = await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${session.accessToken}`).expect(200);
      await t.pool.query("UPDATE users SET role = 'member' WHERE id = $1", [me.body.data.id]);
      const { accessToken } = (await refresh(session.refreshToken).expect(200)).body.data;
      const [, payload] = accessToken.split('.');
      expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ role: 'member', type: 'access' });
      await t.pool.query("UPDATE users SET role = 'viewer' WHERE id = $1", [me.body.data.id]);
    });

    it("logs out: the caller's refresh tokens stop working, the access token stays valid until it expires", async () => {
      const session = await login(DEV_IDP_USERS.viewer);
      const other = await login(DEV_IDP_USERS.viewer);
      const res = await t.http().post('/api/v1/auth/logout').set('authorization', `Bearer ${session.accessToken}`).expect(200);
      expect(res.body.data).toEqual({ message: expect.any(String) });
      await refresh(session.refreshToken).expect(401);
      await refresh(other.refreshToken).expect(401);
      await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${session.accessToken}`).expect(200);
      await t.http().post('/api/v1/auth/logout').expect(401);
    });

    it('refuses a refresh token as a bearer token', async () => {
      const session = await login();
      await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${session.refreshToken}`).expect(401);
    });
  });
});
