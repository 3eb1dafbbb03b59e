import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, AuthSession, createRecruitingClient, REFRESH_PATH, SignedOutError } from '../src';

/**
 * What recruiting cannot be made to do on demand: a refresh answered 503 (an outage, not a refusal) and a call that
 * still answers 401 after the refresh. A tiny local server plays recruiting: `/api/v1/auth/me` accepts only the
 * token `good`, the refresh answers from a script.
 */
describe('AuthSession when the refresh does not settle it', () => {
  let server: Server;
  let baseUrl: string;
  let refreshAnswers: Array<{ status: number; body: object }> = [];
  let meCalls = 0;
  let acceptedToken = 'good';

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === REFRESH_PATH) {
        const next = refreshAnswers.shift() ?? { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'refused' } } };
        return send(next.status, next.body);
      }
      meCalls++;
      if (req.headers.authorization === `Bearer ${acceptedToken}`) return send(200, { data: { id: 1 } });
      return send(401, { error: { code: 'UNAUTHENTICATED', message: 'bad token' } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    refreshAnswers = [];
    meCalls = 0;
    acceptedToken = 'good';
  });

  const pair = (accessToken: string, refreshToken: string) => ({
    status: 200,
    body: { data: { accessToken, refreshToken, expiresIn: 900 } },
  });

  it('throws a refresh outage as it is and stays signed in; the next call refreshes again', async () => {
    refreshAnswers = [{ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } }, pair('good', 'r2')];
    const signedOut: SignedOutError[] = [];
    const auth = new AuthSession({ baseUrl, tokens: { accessToken: 'stale', refreshToken: 'r1' }, onSignedOut: (e) => signedOut.push(e) });
    const client = createRecruitingClient({ baseUrl, auth });
    const error = await client.GET('/api/v1/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(auth.isSignedOut).toBe(false);
    await expect(client.GET('/api/v1/auth/me')).resolves.toMatchObject({ data: { data: { id: 1 } } });
    expect(auth.currentTokens()).toEqual({ accessToken: 'good', refreshToken: 'r2' });
    expect(signedOut).toEqual([]);
  });

  it('sends the call again only once: a 401 after the refresh is thrown', async () => {
    acceptedToken = 'never';
    refreshAnswers = [pair('fresh', 'r2'), pair('fresher', 'r3')];
    const auth = new AuthSession({ baseUrl, tokens: { accessToken: 'stale', refreshToken: 'r1' } });
    const error = await createRecruitingClient({ baseUrl, auth })
      .GET('/api/v1/auth/me')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(meCalls).toBe(2);
    expect(refreshAnswers).toHaveLength(1);
  });

  it('signs out when told to, and refuses every later call without a request', async () => {
    const auth = new AuthSession({ baseUrl, tokens: { accessToken: 'good', refreshToken: 'r1' } });
    const heard: SignedOutError[] = [];
    const stop = auth.onSignedOut((e) => heard.push(e));
    auth.signOut();
    auth.signOut();
    stop();
    expect(heard).toHaveLength(1);
    await expect(createRecruitingClient({ baseUrl, auth }).GET('/api/v1/auth/me')).rejects.toBeInstanceOf(SignedOutError);
    expect(meCalls).toBe(0);
  });
});
