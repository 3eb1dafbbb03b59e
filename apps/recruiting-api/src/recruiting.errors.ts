import { Catch } from '@nestjs/common';
import { COMMON_ERROR_STATUS, DomainError, recruitingErrorBody, ServiceExceptionFilter } from '@platform/contracts';
import { type ErrorBodyFormat, fingerprint, pathOf, redactUrl, type UrlRedaction } from '@platform/runtime';

/** Every code recruiting answers with, and its status: recruiting's own named codes and the common ones. */
export const RECRUITING_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  SCORING_ERROR: 400,
  /** The transition table (src/domain/candidate-status.ts) does not allow the move. */
  INVALID_STATUS_TRANSITION: 409,
  SCHEDULING_TOKEN_ERROR: 400,
  SLOT_NOT_AVAILABLE: 409,
  EMAIL_SEND_ERROR: 500,
  DATA_WAREHOUSE_NOT_CONFIGURED: 503,
  CALENDAR_PROVIDER_ERROR: 502,
} as const satisfies Record<string, number>;

export type RecruitingErrorCode = keyof typeof RECRUITING_ERROR_STATUS;

export const RECRUITING_ERROR_CODES = Object.keys(RECRUITING_ERROR_STATUS) as RecruitingErrorCode[];

/** Recruiting's domain errors; services throw these, never HTTP exceptions. */
export class RecruitingError extends DomainError<RecruitingErrorCode> {}

/** 404 NOT_FOUND. */
export const notFound = (message: string) => new RecruitingError('NOT_FOUND', message);

/** 400 VALIDATION_FAILED about one field, whose detail repeats the message. */
export const invalidField = (field: string, message: string) => new RecruitingError('VALIDATION_FAILED', message, [{ field, message }]);

/** The 404 of every project-scoped route whose project does not exist. */
export const projectNotFound = () => notFound('The project does not exist');

/** The 404 of a project candidate (participation record) that is not one of the project's. */
export const candidateNotFound = () => notFound('The candidate does not exist in this project');

/** The candidates' scheduling tokens in recruiting's paths (the public API's and the page's): credentials. */
export const RECRUITING_URL_SECRETS: UrlRedaction = { secretSegments: [/^\/api\/v1\/scheduling\/([^/]+)/, /^\/schedule\/([^/]+)/] };

/**
 * Recruiting's one error body: the success envelope's frame with `success: false` and an `error` block. A scheduling
 * token in the path is shown as its fingerprint, as the request log shows it, in `path` and wherever a message repeats
 * the address (the router's "Cannot GET /api/v1/scheduling/..."): an error body is kept by clients and their error
 * reports, and must not carry the candidate's credential on.
 */
export const recruitingErrorBodyWithoutSecrets: ErrorBodyFormat = (status, error, request) => {
  const path = pathOf(request.url);
  const secrets = (RECRUITING_URL_SECRETS.secretSegments ?? []).map((pattern) => pattern.exec(path)?.[1]).filter(Boolean) as string[];
  const hide = (text: string) => secrets.reduce((out, secret) => out.split(secret).join(`[fp:${fingerprint(secret)}]`), text);
  const shown = secrets.length ? { ...error, message: hide(error.message) } : error;
  if (secrets.length && error.details) shown.details = error.details.map((d) => ({ field: d.field, message: hide(d.message) }));
  return recruitingErrorBody(status, shown, { ...request, url: redactUrl(request.url, RECRUITING_URL_SECRETS) });
};

@Catch()
export class RecruitingExceptionFilter extends ServiceExceptionFilter {
  protected readonly statusByCode = RECRUITING_ERROR_STATUS;
  protected readonly body = recruitingErrorBodyWithoutSecrets;
}
