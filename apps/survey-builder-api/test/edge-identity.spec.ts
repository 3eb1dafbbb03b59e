import { JwtService } from '@nestjs/jwt';
import { type Builder, IMPORT_KEY, startBuilder } from './builder-kit';

const SECRET = 'builder-edge-identity-secret-0123456789';
const jwt = new JwtService();
const accessToken = (claims: object, secret = SECRET) =>
  jwt.sign({ sub: '12', role: 'member', type: 'access', email_verified: true, ...claims }, { secret, algorithm: 'HS256', expiresIn: 600 });

/** The identity check the edge asks before every builder request (issue 19), on a real builder. */
describe('the edge identity check (GET|POST|PUT|PATCH|DELETE /internal/edge-identity/<original path>)', () => {
  let builder: Builder;
  const check = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) =>
    builder.http()[method](`/internal/edge-identity${path}`);

  beforeAll(async () => {
    builder = await startBuilder({ JWT_SECRET: SECRET });
  });
  afterAll(() => builder?.close());

  it('answers 200 with the identity headers of the user a platform access token names, for every method', async () => {
    const bearer = `Bearer ${accessToken({ email: 'Tanaka@Example.com', name: '田中 太郎' })}`;
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const res = await check(method, '/api/surveys/1/sections').set('authorization', bearer).expect(200);
      expect(res.headers['x-user-email']).toBe('tanaka@example.com');
      expect(decodeURIComponent(res.headers['x-user-name'])).toBe('田中 太郎');
      expect(res.body).toEqual({ ok: true, data: { email: 'tanaka@example.com', name: '田中 太郎' } });
    }
  });

  it('refuses forged identity headers alone, a bad token and no token with 401 in the builder error body', async () => {
    for (const headers of [
      { 'x-user-email': 'admin@example.com', 'x-user-name': 'anyone' },
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${accessToken({ email: 'a@example.com' }, 'some-other-secret-0123456789abcdefgh')}` },
      { authorization: `Bearer ${accessToken({ email: 'a@example.com', type: 'refresh' })}` },
      { authorization: `Bearer ${accessToken({ email: 'a@example.com', email_verified: false })}` },
      { authorization: `Bearer ${accessToken({ email: 'a@example.com', email_verified: undefined })}` },
      { authorization: `Bearer ${accessToken({ email: 'x%2Dy@example.com' })}` },
      { authorization: `Bearer ${accessToken({ email: 'a b@example.com' })}` },
    ]) {
      const res = await check('get', '/api/surveys').set(headers).expect(401);
      expect(res.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNAUTHENTICATED', requestId: expect.any(String) }) });
      expect(res.headers['x-user-email']).toBeUndefined();
    }
  });

  it('lets an import with the key and no token through as the import identity', async () => {
    const res = await check('post', '/api/imports/survey-platform/bundle').set('x-api-key', IMPORT_KEY).expect(200);
    expect(res.headers['x-user-email']).toBe('import-bot@survey-builder.internal');
    await check('post', '/api/surveys').set('x-api-key', IMPORT_KEY).expect(401);
    // A wrong key is refused here, so its body never leaves the edge.
    await check('post', '/api/imports/survey-platform/bundle').set('x-api-key', 'whatever').expect(401);
  });

  it('answers malformed checks with 4xx, never 5xx', async () => {
    const bad: Array<Record<string, string>> = [
      { authorization: `Bearer ${'x'.repeat(7000)}` },
      { authorization: 'Bearer a.b.c' },
      { authorization: 'Bearer' },
      { authorization: 'bearer  ' },
      { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.` },
      { 'x-api-key': '' },
    ];
    for (const headers of bad) {
      for (const path of ['/api/surveys', '/api/imports/x', '/%ZZ', `/${'p'.repeat(600)}`, '/a%00b']) {
        const res = await check('get', path).set(headers);
        expect([400, 401, 414]).toContain(res.status);
      }
    }
  });

  it('answers 503 when the builder has no JWT_SECRET', async () => {
    const bare = await startBuilder();
    try {
      const res = await bare
        .http()
        .get('/internal/edge-identity/api/surveys')
        .set('authorization', `Bearer ${accessToken({ email: 'a@example.com' })}`);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await bare.close();
    }
  });
});
