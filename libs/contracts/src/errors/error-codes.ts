/** Codes any service may raise, with the HTTP status each stands for. */
export const COMMON_ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  /** The message broker did not confirm a job: nothing was accepted. */
  QUEUE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type CommonErrorCode = keyof typeof COMMON_ERROR_STATUS;

/** The code a bare HTTP status stands for, when something other than a DomainError set the status. */
export function codeForStatus(status: number): CommonErrorCode {
  const found = (Object.entries(COMMON_ERROR_STATUS) as Array<[CommonErrorCode, number]>).find(
    ([code, s]) => s === status && code !== 'VALIDATION_FAILED',
  );
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
}
