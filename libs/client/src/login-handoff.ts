import { AuthSession, type AuthSessionOptions } from './auth-session';

/** The parts of a browser's `window` the hand-off reads and rewrites (a test passes its own). */
export interface HandoffWindow {
  location: { href: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void };
}

/** The login failed at the identity provider or at recruiting (`?error=auth_failed`): send the user to sign in again. */
export class LoginFailedError extends Error {
  override readonly name = 'LoginFailedError';
  readonly reason: string;

  constructor(reason: string) {
    super(`The login did not succeed: ${reason}`);
    this.reason = reason;
  }
}

const HANDOFF_QUERY = ['token', 'error'];
const HANDOFF_FRAGMENT = 'refreshToken';

/**
 * Takes recruiting's login hand-off out of the page's address. The login lands on
 * `{frontend}/login?token=<access>#refreshToken=<refresh>` (the spec's contract); this answers an AuthSession holding
 * the two tokens and replaces the current history entry with the same address without `token`, `error` and the
 * `refreshToken` fragment, so neither the address bar, the back button, a bookmark nor a `Referer` keeps a token.
 * Answers undefined when the address carries no hand-off (an ordinary page load); throws LoginFailedError (after
 * cleaning the address the same way) when it carries `?error=`.
 */
export function takeLoginHandoff(
  options: Omit<AuthSessionOptions, 'tokens'>,
  win: HandoffWindow = globalThis as unknown as HandoffWindow,
): AuthSession | undefined {
  const url = new URL(win.location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const accessToken = url.searchParams.get('token');
  const refreshToken = fragment.get(HANDOFF_FRAGMENT);
  const error = url.searchParams.get('error');
  if (!accessToken && !refreshToken && !error) return undefined;

  for (const name of HANDOFF_QUERY) url.searchParams.delete(name);
  fragment.delete(HANDOFF_FRAGMENT);
  url.hash = fragment.size ? `#${fragment.toString()}` : '';
  win.history.replaceState(win.history.state, '', url.href);

  if (error || !accessToken || !refreshToken) throw new LoginFailedError(error ?? 'the address carries only part of the login');
  return new AuthSession({ ...options, tokens: { accessToken, refreshToken } });
}
