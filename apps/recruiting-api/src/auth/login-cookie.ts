import { parseCookie, stringifySetCookie } from 'cookie';
import type { LoginConfig } from '../config';
import { LOGIN_STATE_TTL_MS } from './login.service';

/** The cookie that binds a login's state to the browser that started it (GET /api/v1/auth/idp sets it). */
export const LOGIN_COOKIE = 'recruiting_login';

/** Where the provider sends the browser back when no provider is configured (the callback route's own path). */
const CALLBACK_PATH = '/api/v1/auth/idp/callback';

/**
 * The cookie's attributes: only the callback's path receives it, only over HTTPS when the callback is an HTTPS
 * address, never readable by scripts, sent on the provider's top-level redirect back (SameSite=Lax) and not on
 * cross-site subrequests, and gone after the ten minutes a login may take.
 */
function attributes(config: LoginConfig) {
  const callback = config.oidc ? new URL(config.oidc.redirectUrl) : undefined;
  return {
    path: callback?.pathname ?? CALLBACK_PATH,
    secure: callback?.protocol === 'https:',
    httpOnly: true,
    sameSite: 'lax' as const,
  };
}

/** The Set-Cookie value of a login's start. */
export function loginCookie(config: LoginConfig, browserKey: string): string {
  return stringifySetCookie({ name: LOGIN_COOKIE, value: browserKey, maxAge: LOGIN_STATE_TTL_MS / 1000, ...attributes(config) });
}

/** The Set-Cookie value of a callback: the cookie has done its work (or failed to), the browser forgets it. */
export function clearedLoginCookie(config: LoginConfig): string {
  return stringifySetCookie({ name: LOGIN_COOKIE, value: '', maxAge: 0, ...attributes(config) });
}

/** The browser key a request brings back, if any. */
export function browserKeyOf(cookieHeader: unknown): string | undefined {
  if (typeof cookieHeader !== 'string' || cookieHeader.length > 8192) return undefined;
  const value = parseCookie(cookieHeader)[LOGIN_COOKIE];
  return value && value.length <= 128 ? value : undefined;
}
