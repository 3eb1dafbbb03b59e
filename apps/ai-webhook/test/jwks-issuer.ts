/**
 * A JWKS issuer under the tests' control, for tokens the dev identity provider would never issue (expired, other
 * issuer or audience, foreign key, key set down) and for quick positive cases; event-run-status.dev-idp.spec.ts
 * covers the status read with real dev IdP tokens.
 * A node:http server serving a JWKS at /jwks with an RS256 key from jose's generateKeyPair, and tokens signed with it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

export interface JwksIssuer {
  issuer: string;
  jwksUrl: string;
  audience: string;
  /** A valid token for the subject; overrides sign with other claims (an expired or foreign token). */
  token(
    subject: string,
    overrides?: { issuer?: string; audience?: string; expiresIn?: string | number; foreignKey?: boolean },
  ): Promise<string>;
  /** Makes the JWKS endpoint answer 500 (the IdP is down). */
  setFailing(failing: boolean): void;
  close(): Promise<void>;
}

export async function startJwksIssuer(audience = 'ai-webhook'): Promise<JwksIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let failing = false;
  const server: Server = createServer((req, res) => {
    if (failing || req.url !== '/jwks') {
      res.writeHead(failing ? 500 : 404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${base}/idp`;
  return {
    issuer,
    jwksUrl: `${base}/jwks`,
    audience,
    token: (subject, overrides = {}) =>
      new SignJWT({ email: `${subject}@example.com` })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setSubject(subject)
        .setIssuer(overrides.issuer ?? issuer)
        .setAudience(overrides.audience ?? audience)
        .setIssuedAt()
        .setExpirationTime(overrides.expiresIn ?? '5m')
        .sign(overrides.foreignKey ? foreign.privateKey : privateKey),
    setFailing: (value) => {
      failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
