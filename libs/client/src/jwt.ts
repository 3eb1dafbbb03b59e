/**
 * The `exp` claim of a JWT in milliseconds, read without verifying (the service verifies; the client only wants to
 * know when to refresh). Undefined for anything that is not a JWT with a numeric exp. Uses atob, so it runs in
 * browsers and Node alike.
 */
export function tokenExpiryMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    const exp = claims && typeof claims === 'object' && 'exp' in claims ? claims.exp : undefined;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the token expires within `leewayMs` of `now` (a token without exp never does). */
export function expiresWithin(token: string, leewayMs: number, now: number): boolean {
  const expiry = tokenExpiryMs(token);
  return expiry !== undefined && expiry - leewayMs <= now;
}
