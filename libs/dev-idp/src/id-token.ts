import { createHash, randomBytes } from 'node:crypto';
import type { DevIdpClient } from './start-dev-idp';
import { signInOverHttp } from './sign-in-over-http';

/**
 * An id token of the development identity provider for one user, obtained as a relying party would: an
 * authorization request with PKCE S256, the sign-in form filled over HTTP, and the code exchanged at the token
 * endpoint with the client's secret. Its audience is the client's id.
 */
export async function idTokenFor(options: { issuer: string; client: DevIdpClient; email: string; password: string }): Promise<string> {
  const { issuer, client } = options;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const redirectUri = client.redirectUris[0];
  const authorize = new URL(`${issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const { redirectedTo } = await signInOverHttp({
    startUrl: authorize.toString(),
    issuer,
    email: options.email,
    password: options.password,
  });
  const callback = new URL(redirectedTo);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== state) throw new Error(`the sign-in did not end with a code: ${redirectedTo}`);
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }).toString(),
  });
  if (response.status !== 200) throw new Error(`the token endpoint answered ${response.status}`);
  const { id_token: idToken } = (await response.json()) as { id_token?: string };
  if (!idToken) throw new Error('the token endpoint answered no id_token');
  return idToken;
}
