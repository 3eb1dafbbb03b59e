import { apiErrorOf, SignedOutError } from './errors';
import { expiresWithin } from './jwt';

/** What recruiting's login and refresh give: an access token (a JWT) and a rotating, single-use refresh token. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export interface AuthSessionOptions {
  /** Where recruiting is reached (the edge: `http://localhost:8080` locally). */
  baseUrl: string;
  tokens: SessionTokens;
  /** Refresh before a call when the access token expires within this (default 30 s). */
  expiryLeewayMs?: number;
  fetch?: (request: Request) => Promise<Response>;
  /** Called with every rotated pair, to keep them (the previous refresh token is used up). */
  onTokens?: (tokens: SessionTokens) => void;
  /** Called once when a refresh is refused: the user must sign in again. */
  onSignedOut?: (error: SignedOutError) => void;
  /** The clock (tests). */
  now?: () => number;
}

export const REFRESH_PATH = '/api/v1/auth/refresh';

/**
 * A recruiting login held by a console: the tokens, refreshed once when the access token is about to expire or a
 * call answered 401. Concurrent calls share one refresh (single flight): the refresh token rotates and a used one
 * is refused (and revokes the login), so two refreshes with the same token would sign the user out. A refused
 * refresh (400 or 401) signs the session out for good: every later call throws SignedOutError.
 */
export class AuthSession {
  private tokens: SessionTokens;
  private inFlight?: Promise<string>;
  private signedOut?: SignedOutError;
  private readonly listeners = new Set<(error: SignedOutError) => void>();
  private readonly options: AuthSessionOptions;

  constructor(options: AuthSessionOptions) {
    this.options = options;
    this.tokens = { ...options.tokens };
    if (options.onSignedOut) this.listeners.add(options.onSignedOut);
  }

  /**
   * A session from the address recruiting's login lands on: `{frontend}/login?token=<access>#refreshToken=<refresh>`.
   * Throws when the login failed (`?error=auth_failed`) or the address carries no tokens.
   */
  static fromLoginRedirect(location: string, options: Omit<AuthSessionOptions, 'tokens'>): AuthSession {
    const url = new URL(location);
    const accessToken = url.searchParams.get('token');
    const refreshToken = new URLSearchParams(url.hash.slice(1)).get('refreshToken');
    if (!accessToken || !refreshToken)
      throw new Error(`The login did not succeed: ${url.searchParams.get('error') ?? 'no tokens in the address'}`);
    return new AuthSession({ ...options, tokens: { accessToken, refreshToken } });
  }

  get isSignedOut(): boolean {
    return this.signedOut !== undefined;
  }

  /** The current pair (to keep across page loads); the refresh token in it is good for one use. */
  currentTokens(): SessionTokens {
    return { ...this.tokens };
  }

  /** Listens for the sign-out; answers the function that stops listening. */
  onSignedOut(listener: (error: SignedOutError) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The access token to send: refreshed first when it expires within the leeway, or a refresh is under way. */
  async accessToken(): Promise<string> {
    if (this.signedOut) throw this.signedOut;
    if (this.inFlight) return this.inFlight;
    const now = (this.options.now ?? Date.now)();
    if (expiresWithin(this.tokens.accessToken, this.options.expiryLeewayMs ?? 30_000, now)) return this.refresh();
    return this.tokens.accessToken;
  }

  /**
   * After a 401 to a call made with `rejected`: refreshes unless another call already did (the token changed) or is
   * doing it (the same refresh is awaited). Answers the token to retry with.
   */
  async refreshAfterRejection(rejected: string): Promise<string> {
    if (this.signedOut) throw this.signedOut;
    if (this.inFlight) return this.inFlight;
    if (this.tokens.accessToken !== rejected) return this.tokens.accessToken;
    return this.refresh();
  }

  /** Refreshes now, or joins the refresh under way. */
  refresh(): Promise<string> {
    if (this.signedOut) return Promise.reject(this.signedOut);
    this.inFlight ??= this.exchange().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** Signs out locally (after `POST /api/v1/auth/logout`, or when the console drops the login). */
  signOut(cause?: unknown): void {
    if (this.signedOut) return;
    this.signedOut = new SignedOutError(cause);
    for (const listener of this.listeners) listener(this.signedOut);
  }

  private async exchange(): Promise<string> {
    const request = new Request(`${this.options.baseUrl.replace(/(?<!\/)\/+$/, '')}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
      body: JSON.stringify({ refreshToken: this.tokens.refreshToken }),
    });
    const response = await (this.options.fetch ?? fetch)(request);
    if (!response.ok) {
      const error = await apiErrorOf(response, request.headers.get('x-request-id') ?? undefined);
      // 400 and 401 are the service refusing this refresh token; anything else (503, a proxy's 502) may pass.
      if (response.status === 400 || response.status === 401) {
        this.signOut(error);
        throw this.signedOut;
      }
      throw error;
    }
    const { data } = (await response.json()) as { data: SessionTokens };
    this.tokens = { accessToken: data.accessToken, refreshToken: data.refreshToken };
    this.options.onTokens?.(this.currentTokens());
    return this.tokens.accessToken;
  }
}
