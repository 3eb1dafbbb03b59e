import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import {
  ApiError,
  AuthSession,
  createRecruitingClient,
  isRecruitingError,
  recruitingItems,
  REFRESH_PATH,
  SignedOutError,
  uploadCandidateFile,
  type SessionTokens,
} from '../src';
import { DEV_IDP_USERS, type DevIdp, startDevIdp } from '@platform/dev-idp';
import { freePort } from '@platform/testing/harness';
import { TokensService } from '../../../apps/recruiting-api/src/auth/tokens.service';
import { type RecruitingTestApp, startRecruiting, TEST_JWT_SECRET } from '../../../apps/recruiting-api/test/recruiting-test-app';
import { main as consoleExample } from '../examples/console';
import { loginLanding } from '../examples/dev-login';
import { countingFetch, listen } from './support';

const CLIENT_SECRET = 'client-spec-client-secret';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const jwt = new JwtService();

/** recruiting-api on a real port with its own database and identity provider, called through @platform/client. */
describe('@platform/client against recruiting-api', () => {
  let idp: DevIdp;
  let t: RecruitingTestApp;
  let baseUrl: string;
  let admin: { id: number; role: string; email: string; name: string };

  beforeAll(async () => {
    const port = await freePort();
    const callbackUrl = `http://127.0.0.1:${port}/api/v1/auth/idp/callback`;
    idp = await startDevIdp({ clients: [{ clientId: 'recruiting-api', clientSecret: CLIENT_SECRET, redirectUris: [callbackUrl] }] });
    t = await startRecruiting('client_recruiting', {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: 'recruiting-api',
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URL: callbackUrl,
      FRONTEND_URL: 'http://console.example.test',
      ADMIN_EMAILS: DEV_IDP_USERS.admin.email,
    });
    baseUrl = await listen(t.app, port);
    const email = 'ops@example.com';
    admin = { id: await t.insertUser(email, 'Ops', 'admin'), role: 'admin', email, name: 'Ops' };
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  /** A login as the service starts one (a new refresh token family), with the access token replaced when asked. */
  const session = async (accessToken?: (real: string) => string) => {
    const tokens: SessionTokens = await t.app.get(TokensService).startSession({ ...admin, emailVerified: true }, 0);
    return { ...tokens, accessToken: accessToken ? accessToken(tokens.accessToken) : tokens.accessToken };
  };
  const signed = (claims: object, secret = TEST_JWT_SECRET) =>
    jwt.sign({ sub: String(admin.id), role: 'admin', type: 'access', ...claims }, { secret });
  /** Already expired by its own exp: the session refreshes before sending it. */
  const expired = () => signed({ exp: Math.floor(Date.now() / 1000) - 60 });
  /** Unexpired but signed with another key: only the service's 401 tells. */
  const rejected = () => signed({}, 'another-secret-0123456789abcdef0123456789');

  it('logs in through the identity provider and calls a route with the session', async () => {
    const landing = await loginLanding(baseUrl, idp.issuer, DEV_IDP_USERS.admin);
    const auth = AuthSession.fromLoginRedirect(landing, { baseUrl });
    const client = createRecruitingClient({ baseUrl, auth });
    const { data } = await client.GET('/api/v1/auth/me');
    expect(data!.data).toMatchObject({ email: DEV_IDP_USERS.admin.email, role: 'admin' });
    expect(() => AuthSession.fromLoginRedirect('http://console.example.test/login?error=auth_failed', { baseUrl })).toThrow(/auth_failed/);
  });

  it('refreshes once after a 401, sends the call again, and hands out the rotated pair', async () => {
    const counter = countingFetch(REFRESH_PATH);
    const rotated: SessionTokens[] = [];
    const tokens = await session(rejected);
    const auth = new AuthSession({ baseUrl, tokens, fetch: counter.fetch, onTokens: (pair) => rotated.push(pair) });
    const client = createRecruitingClient({ baseUrl, auth, fetch: counter.fetch });
    const { data } = await client.GET('/api/v1/auth/me');
    expect(data!.data.id).toBe(admin.id);
    expect(counter.calls).toBe(1);
    expect(rotated).toEqual([auth.currentTokens()]);
    expect(rotated[0].refreshToken).not.toBe(tokens.refreshToken);
    await client.GET('/api/v1/auth/me');
    expect(counter.calls).toBe(1);
  });

  it.each([
    ['expired by its exp', expired],
    ['refused with 401', rejected],
  ])('shares one refresh among 20 concurrent calls whose access token is %s, and every call succeeds', async (_, token) => {
    const counter = countingFetch(REFRESH_PATH);
    const auth = new AuthSession({ baseUrl, tokens: await session(token), fetch: counter.fetch });
    const client = createRecruitingClient({ baseUrl, auth, fetch: counter.fetch });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? client.GET('/api/v1/auth/me') : client.GET('/api/v1/users', { params: { query: { page: 1, limit: 5 } } }),
      ),
    );
    expect(counter.calls).toBe(1);
    expect(results.map((r) => r.response.status)).toEqual(Array(20).fill(200));
    expect(auth.isSignedOut).toBe(false);
    // The rotated refresh token is the live one: the session refreshes again without being refused.
    await expect(auth.refresh()).resolves.toEqual(expect.any(String));
  });

  it('reports a refused refresh as signed out, once, and makes no further requests', async () => {
    const tokens = await session(rejected);
    // Another holder of the same login refreshes first: this refresh token is used up.
    await new AuthSession({ baseUrl, tokens }).refresh();
    const counter = countingFetch(REFRESH_PATH);
    const signedOut: SignedOutError[] = [];
    const auth = new AuthSession({ baseUrl, tokens, fetch: counter.fetch, onSignedOut: (e) => signedOut.push(e) });
    const client = createRecruitingClient({ baseUrl, auth, fetch: counter.fetch });
    const calls = await Promise.allSettled([client.GET('/api/v1/auth/me'), client.GET('/api/v1/auth/me'), client.GET('/api/v1/auth/me')]);
    expect(calls.map((c) => c.status === 'rejected' && c.reason instanceof SignedOutError)).toEqual([true, true, true]);
    expect(counter.calls).toBe(1);
    expect(signedOut).toHaveLength(1);
    expect((signedOut[0].cause as ApiError).status).toBe(401);
    expect(auth.isSignedOut).toBe(true);
    const before = counter.requests.length;
    await expect(client.GET('/api/v1/auth/me')).rejects.toBeInstanceOf(SignedOutError);
    expect(counter.requests.length).toBe(before);
  });

  it('throws a typed ApiError with the code, status, message and the request id it sent', async () => {
    const client = createRecruitingClient({ baseUrl, token: (await session()).accessToken, requestId: 'console-req-0001' });
    const error = await client.GET('/api/v1/projects/{projectId}', { params: { path: { projectId: 987654 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isRecruitingError(error, 'NOT_FOUND')).toBe(true);
    expect(isRecruitingError(error, 'SCORING_ERROR')).toBe(false);
    expect(error).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      requestId: 'console-req-0001',
      message: expect.stringMatching(/project/i),
    });
    const invalid = await client.GET('/api/v1/users', { params: { query: { limit: 1000 } } }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'limit' })] });
  });

  it('sends an x-request-id on every call, a new UUID unless the caller gives one, and the service echoes it', async () => {
    const counter = countingFetch('/api/v1/auth/me');
    const client = createRecruitingClient({ baseUrl, token: (await session()).accessToken, fetch: counter.fetch });
    const first = await client.GET('/api/v1/auth/me');
    const second = await client.GET('/api/v1/auth/me');
    const given = await client.GET('/api/v1/auth/me', { headers: { 'x-request-id': 'from-the-caller-42' } });
    const sent = counter.requests.map((r) => r.headers.get('x-request-id'));
    expect(sent[0]).toMatch(UUID);
    expect(sent[1]).toMatch(UUID);
    expect(sent[0]).not.toBe(sent[1]);
    expect(sent[2]).toBe('from-the-caller-42');
    expect([first, second, given].map((r) => r.response.headers.get('x-request-id'))).toEqual(sent);
  });

  it('iterates every page of a paginated list', async () => {
    for (let i = 0; i < 23; i++) await t.insertUser(`paged${i}@example.org`, `Paged ${i}`, 'viewer');
    const counter = countingFetch('/api/v1/users');
    const client = createRecruitingClient({ baseUrl, token: (await session()).accessToken, fetch: counter.fetch });
    const emails: string[] = [];
    for await (const user of recruitingItems((page) =>
      client.GET('/api/v1/users', { params: { query: { page, limit: 10, search: 'paged' } } }),
    )) {
      emails.push(user.email);
    }
    expect(emails.sort()).toEqual(Array.from({ length: 23 }, (_, i) => `paged${i}@example.org`).sort());
    expect(counter.calls).toBe(3);
  });

  it('uploads a tab-separated candidate file as multipart', async () => {
    const client = createRecruitingClient({ baseUrl, token: (await session()).accessToken });
    const { data: project } = await client.POST('/api/v1/projects', { body: { name: 'Client upload' } });
    const bytes = await readFile(join(__dirname, '../../../apps/recruiting-api/test/fixtures/imports/panel-export.utf16le-bom.tsv'));
    const stored = await uploadCandidateFile(client, project!.data.id, { content: new Blob([bytes]), filename: 'panel-export.tsv' });
    expect(stored).toMatchObject({ file_id: expect.any(String) });
    expect(stored.columns.length).toBeGreaterThan(3);
  });

  it('runs the console example (libs/client/examples/console.ts) end to end', async () => {
    const lines: string[] = [];
    const outcome = await consoleExample({ baseUrl, idpIssuer: idp.issuer, ...DEV_IDP_USERS.admin, log: (line) => lines.push(line) });
    expect(outcome).toMatchObject({ email: DEV_IDP_USERS.admin.email, fileId: expect.any(String), users: expect.any(Number) });
    const { rows } = await t.pool.query<{ count: string }>('SELECT count(*) FROM users');
    expect(outcome.users).toBe(Number(rows[0].count));
    expect(lines).toEqual(
      expect.arrayContaining([
        `signed in as ${DEV_IDP_USERS.admin.email} (admin)`,
        expect.stringMatching(/^project 2000000000: 404 NOT_FOUND ".+" \(request [0-9a-f-]{36}\)$/),
        expect.stringMatching(/^uploaded \d+ rows, \d+ columns into project \d+/),
        `${outcome.users} users in all`,
      ]),
    );
  });
});
