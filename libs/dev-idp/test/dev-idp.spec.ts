import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { DEV_IDP_USERS, idTokenFor, signInOverHttp, startDevIdp, type DevIdp } from '../src';

const client = { clientId: 'platform-test', clientSecret: 'test-secret', redirectUris: ['http://127.0.0.1:9/callback'] };
const base64url = (bytes: Buffer) => bytes.toString('base64url');

describe('development identity provider', () => {
  let idp: DevIdp;
  beforeAll(async () => {
    idp = await startDevIdp({ clients: [client] });
  });
  afterAll(async () => {
    await idp?.stop();
  });

  function authorizationUrl(state: string, verifier: string): string {
    const url = new URL(`${idp.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: client.redirectUris[0],
      response_type: 'code',
      scope: 'openid email profile',
      state,
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  it('publishes discovery and a JWKS with an RS256 signing key', async () => {
    const discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.id_token_signing_alg_values_supported).toContain('RS256');
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('serves a plain HTML sign-in form with email and password inputs', async () => {
    const verifier = base64url(randomBytes(32));
    const first = await fetch(authorizationUrl('s1', verifier), { redirect: 'manual' });
    expect(first.status).toBe(303);
    const form = await fetch(new URL(first.headers.get('location')!, idp.issuer), {
      headers: {
        cookie: first.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    });
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toMatch(/<form method="post"/);
    expect(html).toMatch(/name="email"/);
    expect(html).toMatch(/name="password"/);
  });

  it('signs a seeded user in without a consent page and issues a signed id token with issuer and audience', async () => {
    const verifier = base64url(randomBytes(32));
    const user = DEV_IDP_USERS.tanaka;
    const { redirectedTo } = await signInOverHttp({
      startUrl: authorizationUrl('state-1', verifier),
      issuer: idp.issuer,
      email: user.email,
      password: user.password,
    });
    const callback = new URL(redirectedTo);
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUris[0]);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const response = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUris[0],
        code_verifier: verifier,
      }).toString(),
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { id_token: string };
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(`${idp.issuer}/jwks`)), {
      issuer: idp.issuer,
      audience: client.clientId,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: user.subject, email: user.email, name: user.name, picture: user.picture });
  });

  it('refuses a wrong password with 401 and the form again', async () => {
    const verifier = base64url(randomBytes(32));
    await expect(
      signInOverHttp({
        startUrl: authorizationUrl('s2', verifier),
        issuer: idp.issuer,
        email: DEV_IDP_USERS.admin.email,
        password: 'wrong',
      }),
    ).rejects.toMatchObject({ result: { formStatus: 401 } });
  });

  it('refuses a code exchange without the PKCE verifier', async () => {
    const verifier = base64url(randomBytes(32));
    const { redirectedTo } = await signInOverHttp({
      startUrl: authorizationUrl('s3', verifier),
      issuer: idp.issuer,
      email: DEV_IDP_USERS.member.email,
      password: DEV_IDP_USERS.member.password,
    });
    const response = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: new URL(redirectedTo).searchParams.get('code')!,
        redirect_uri: client.redirectUris[0],
        code_verifier: base64url(randomBytes(32)),
      }).toString(),
    });
    expect(response.status).toBe(400);
  });
});

describe('idTokenFor', () => {
  const tool = { clientId: 'ai-webhook', clientSecret: 'tool-secret', redirectUris: ['http://127.0.0.1:9/idp-token'] };
  let idp: DevIdp;
  beforeAll(async () => {
    idp = await startDevIdp({ clients: [tool] });
  });
  afterAll(async () => {
    await idp?.stop();
  });

  it("gives a seeded user's id token, verifiable against the JWKS with the client as audience", async () => {
    const token = await idTokenFor({
      issuer: idp.issuer,
      client: tool,
      email: DEV_IDP_USERS.viewer.email,
      password: DEV_IDP_USERS.viewer.password,
    });
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${idp.issuer}/jwks`)), {
      issuer: idp.issuer,
      audience: 'ai-webhook',
    });
    expect(payload).toMatchObject({ sub: DEV_IDP_USERS.viewer.subject, email: DEV_IDP_USERS.viewer.email });
  });

  it('fails for a wrong password or a wrong client secret', async () => {
    await expect(idTokenFor({ issuer: idp.issuer, client: tool, email: DEV_IDP_USERS.viewer.email, password: 'nope' })).rejects.toThrow();
    await expect(
      idTokenFor({
        issuer: idp.issuer,
        client: { ...tool, clientSecret: 'other' },
        email: DEV_IDP_USERS.viewer.email,
        password: DEV_IDP_USERS.viewer.password,
      }),
    ).rejects.toThrow(/token endpoint answered 401/);
  });
});
