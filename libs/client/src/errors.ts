/** One failing field, as the services list them in `error.details`. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A service answered with an error status. Every call of the clients throws this (never returns it): `code` is the
 * service's error code (a union per service), `status` the HTTP status, `requestId` the id to find the request in
 * the service's logs.
 */
export class ApiError<Code extends string = string> extends Error {
  override readonly name = 'ApiError';

  readonly status: number;
  readonly code: Code;
  readonly requestId: string | undefined;
  readonly details: FieldProblem[];
  /** The parsed body as the service sent it (undefined when it was not JSON). */
  readonly body?: unknown;

  constructor(status: number, code: Code, message: string, requestId: string | undefined, details: FieldProblem[] = [], body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.details = details;
    this.body = body;
  }

  /** Narrows `error` to an ApiError of one of `codes` (with no codes: any ApiError). */
  static is<C extends string>(error: unknown, ...codes: C[]): error is ApiError<C> {
    return error instanceof ApiError && (codes.length === 0 || (codes as string[]).includes(error.code));
  }
}

/** The session's refresh token was refused (expired, used or revoked): the user must sign in again. */
export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';

  constructor(cause?: unknown) {
    super('Signed out: the refresh token was refused; sign in again', { cause });
  }
}

interface ErrorBlock {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  requestId?: unknown;
}

/** The code a bare status stands for when the body carries none (a proxy's answer). */
const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/**
 * Reads an error response into an ApiError. All four services put `{ code, message, details?, requestId? }` under
 * `error` (recruiting inside its envelope, the builder beside `ok: false`, race content and the webhook alone).
 */
export async function apiErrorOf(response: Response, sentRequestId?: string): Promise<ApiError> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const block: ErrorBlock =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'object' && body.error ? (body.error as ErrorBlock) : {};
  const requestId =
    (typeof block.requestId === 'string' ? block.requestId : undefined) ?? response.headers.get('x-request-id') ?? sentRequestId;
  return new ApiError(
    response.status,
    typeof block.code === 'string'
      ? block.code
      : (STATUS_CODES[response.status] ?? (response.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST')),
    typeof block.message === 'string' ? block.message : `HTTP ${response.status}`,
    requestId,
    Array.isArray(block.details) ? (block.details as FieldProblem[]) : [],
    body,
  );
}
