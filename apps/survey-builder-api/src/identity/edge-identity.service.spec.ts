import { JwtService } from '@nestjs/jwt';
import { TokenVersionCheck, UserVersionStore } from '@platform/auth';
import { IMPORT_BOT } from './actor';
import { EdgeIdentityService } from './edge-identity.service';

const SECRET = 'edge-identity-secret-0123456789abcdef';
const jwt = new JwtService();
const token = (claims: object, secret = SECRET) =>
  jwt.sign({ sub: '7', role: 'viewer', type: 'access', email_verified: true, ...claims }, { secret, algorithm: 'HS256' });
const service = (jwtSecret: string | undefined = SECRET, versions?: TokenVersionCheck) =>
  new EdgeIdentityService({ adminEmails: [], importApiKey: 'k', jwtSecret }, versions);

/** Token versions as a map, standing in for Redis (the guard's use of Redis is tested through the edge). */
class MapVersions extends UserVersionStore {
  readonly versions = new Map<number, number>();
  async current(userId: number) {
    return this.versions.get(userId) ?? 0;
  }
  async bump(userId: number) {
    this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1);
    return this.versions.get(userId)!;
  }
}
const request = (authorization: unknown, path = '/api/surveys', apiKey?: string) => ({ authorization, path, apiKey });

describe('EdgeIdentityService', () => {
  it('names the user of a valid access token by email and display name', async () => {
    const bearer = `Bearer ${token({ email: 'Alice@Example.com', name: '山田 花子' })}`;
    await expect(service().identify(request(bearer))).resolves.toEqual({ email: 'alice@example.com', name: '山田 花子' });
  });

  it("falls back to the email's local part for tokens without a name", async () => {
    await expect(service().identify(request(`Bearer ${token({ email: 'ops@example.com' })}`))).resolves.toEqual({
      email: 'ops@example.com',
      name: 'ops',
    });
  });

  it('refuses no token, a forged, expired or refresh token, and one without an email, with 401', async () => {
    const refused = [
      request(undefined),
      request('Bearer nope'),
      request(`Bearer ${token({ email: 'a@example.com' }, 'another-secret-0123456789abcdef0000')}`),
      request(`Bearer ${token({ email: 'a@example.com', type: 'refresh' })}`),
      request(
        `Bearer ${jwt.sign({ sub: '7', role: 'viewer', type: 'access', email: 'a@example.com' }, { secret: SECRET, expiresIn: -10 })}`,
      ),
      request(`Bearer ${token({})}`),
      request('Basic YTpi'),
    ];
    for (const r of refused) await expect(service().identify(r)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('takes the email exactly as the token says it: a percent-encoded or otherwise not plain address is 401, never decoded', async () => {
    for (const email of ['x%2Dy@example.com', 'x y@example.com', 'a@example.com\r\nx-user-email: b@example.com', 'a@b@example.com']) {
      await expect(service().identify(request(`Bearer ${token({ email })}`))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    await expect(service().identify(request(`Bearer ${token({ email: 'x-y@example.com' })}`))).resolves.toMatchObject({
      email: 'x-y@example.com',
    });
  });

  it('refuses a token whose email the identity provider did not verify (a missing claim is not verified)', async () => {
    for (const claims of [{ email_verified: false }, { email_verified: undefined }, { email_verified: 'true' }]) {
      await expect(service().identify(request(`Bearer ${token({ email: 'a@example.com', ...claims })}`))).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it("refuses a token of an older version than its user's (revoked by a role change or deletion)", async () => {
    const store = new MapVersions();
    const identity = service(SECRET, new TokenVersionCheck(store, { cacheMs: 0 }));
    const old = request(`Bearer ${token({ email: 'a@example.com' })}`);
    await expect(identity.identify(old)).resolves.toMatchObject({ email: 'a@example.com' });
    await store.bump(7);
    await expect(identity.identify(old)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(identity.identify(request(`Bearer ${token({ email: 'a@example.com', ver: 1 })}`))).resolves.toMatchObject({
      email: 'a@example.com',
    });
  });

  it('lets an import with the key and no token through as the import identity, on import routes only', async () => {
    await expect(service().identify(request(undefined, '/api/imports/survey-platform/bundle', 'k'))).resolves.toEqual(IMPORT_BOT);
    await expect(service().identify(request(undefined, '/api/surveys', 'k'))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(service().identify(request(undefined, '/api/importsx', 'k'))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(service().identify(request('Bearer bad', '/api/imports/x', 'k'))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a wrong import key on import routes, with a token or without, so the body never leaves the edge', async () => {
    const bearer = `Bearer ${token({ email: 'a@example.com' })}`;
    for (const key of ['wrong', '', 'K']) {
      for (const authorization of [undefined, bearer]) {
        await expect(service().identify(request(authorization, '/api/imports/survey-platform/bundle', key))).rejects.toMatchObject({
          code: 'UNAUTHENTICATED',
        });
      }
    }
    // Elsewhere the header means nothing.
    await expect(service().identify(request(bearer, '/api/surveys', 'wrong'))).resolves.toMatchObject({ email: 'a@example.com' });
  });

  it('answers 503 when no secret is configured', async () => {
    await expect(
      new EdgeIdentityService({ adminEmails: [], importApiKey: 'k' }).identify(request(`Bearer ${token({ email: 'a@example.com' })}`)),
    ).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
