/** Codes any service may raise, with the HTTP status each stands for. */
export const COMMON_ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  /** The message broker did not confirm a job: nothing was accepted. */
  QUEUE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type CommonErrorCode = keyof typeof COMMON_ERROR_STATUS;

/** The named codes of the recruiting spec (section 7) and the other codes recruiting raises. */
export const RECRUITING_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  SCORING_ERROR: 400,
  SCHEDULING_TOKEN_ERROR: 400,
  SLOT_NOT_AVAILABLE: 409,
  EMAIL_SEND_ERROR: 500,
  DATA_WAREHOUSE_NOT_CONFIGURED: 503,
  CALENDAR_PROVIDER_ERROR: 502,
} as const;

export type RecruitingErrorCode = keyof typeof RECRUITING_ERROR_STATUS;

/** Survey builder codes; the permission update's two 404s are told apart by code and text (spec 7). */
export const BUILDER_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  INTRO_QUESTION_AS_CONDITION_SOURCE: 400,
  INCOMPLETE_SOURCE: 400,
  USER_NOT_FOUND: 404,
  OWN_EDIT_PERMISSION_REQUIRED: 404,
  DUPLICATE_QUESTION_CODE: 409,
} as const;

export type BuilderErrorCode = keyof typeof BUILDER_ERROR_STATUS;

/** Race content (and its AI webhook) answers invalid bodies with 422, per its spec section 7. */
export const RACE_CONTENT_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  VALIDATION_FAILED: 422,
  RACE_ALREADY_EXISTS: 409,
  NO_FINISHING_ORDER: 422,
  NO_PREDICTION_DATA: 422,
  INVALID_STATE: 409,
  STORAGE_FAILURE: 500,
  MANIFEST_UNREADABLE: 500,
  UPSTREAM_FAILURE: 500,
} as const;

export type RaceContentErrorCode = keyof typeof RACE_CONTENT_ERROR_STATUS;

/** The code a bare HTTP status stands for, when something other than a DomainError set the status. */
export function codeForStatus(status: number): CommonErrorCode {
  const found = (Object.entries(COMMON_ERROR_STATUS) as Array<[CommonErrorCode, number]>).find(
    ([code, s]) => s === status && code !== 'VALIDATION_FAILED',
  );
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
}
