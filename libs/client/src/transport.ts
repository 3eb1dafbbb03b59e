import type { AuthSession } from './auth-session';
import { apiErrorOf } from './errors';
import { DEFAULT_RETRY, isRetryable, retryDelayMs, type RetryPolicy } from './retry';

/** A bearer token, or a function giving the current one (undefined: no authorization header). */
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>);

/** What every client takes. */
export interface ClientOptions {
  /** Where the service is reached: the edge (`http://localhost:8080` locally, `https://localhost:8443` with TLS). */
  baseUrl: string;
  /** A fixed bearer token or a source of one; for recruiting's login, `auth` instead. */
  token?: TokenSource;
  /** A recruiting login: its access token on every call, refreshed once on 401 or before expiry. */
  auth?: AuthSession;
  /** Headers sent on every call (for example the builder's x-user-email and x-user-name inside the cluster). */
  headers?: Record<string, string>;
  /** The fetch to send with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** The x-request-id of calls that do not set one: fixed, or made per call (default: crypto.randomUUID()). */
  requestId?: string | (() => string);
  /** Retries of GET, HEAD and OPTIONS on 503 and 429. */
  retry?: Partial<RetryPolicy>;
  /** How to wait between retries (tests). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const tokenOf = async (source: TokenSource | undefined): Promise<string | undefined> => (typeof source === 'function' ? source() : source);

/**
 * The fetch the clients send with: it sets `x-request-id` (the caller's, or a new UUID), the bearer token,
 * retries safe calls on 503 and 429 as Retry-After says (bounded), refreshes the login once on 401 and sends the
 * call again, and throws an ApiError for any answer that is not 2xx or 3xx. Each try sends a clone of the request,
 * so bodies (JSON, FormData) go again intact.
 */
export function platformFetch(options: ClientOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? wait;

  const sendWithRetries = async (request: Request, token: string | undefined): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      const attemptRequest = request.clone();
      if (token) attemptRequest.headers.set('authorization', `Bearer ${token}`);
      const response = await send(attemptRequest);
      if (!isRetryable(request.method, response.status)) return response;
      const delay = retryDelayMs(policy, attempt, response.headers.get('retry-after'), Date.now(), Math.random());
      if (delay === undefined) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };

  return async (request: Request) => {
    if (!request.headers.has('x-request-id')) {
      const id = typeof options.requestId === 'function' ? options.requestId() : (options.requestId ?? crypto.randomUUID());
      request.headers.set('x-request-id', id);
    }
    const requestId = request.headers.get('x-request-id') ?? undefined;
    const token = options.auth ? await options.auth.accessToken() : await tokenOf(options.token);
    let response = await sendWithRetries(request, token);
    if (response.status === 401 && options.auth && token) {
      await response.body?.cancel();
      response = await sendWithRetries(request, await options.auth.refreshAfterRejection(token));
    }
    if (response.status >= 400) throw await apiErrorOf(response, requestId);
    return response;
  };
}
