import { Catch } from '@nestjs/common';
import { COMMON_ERROR_STATUS, DomainError, recruitingErrorBody, ServiceExceptionFilter } from '@platform/contracts';

/** Every code recruiting answers with, and its status: the named codes of spec 7 and the common ones. */
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

/** Recruiting's one error body: the success envelope's frame with `success: false` and an `error` block. */
@Catch()
export class RecruitingExceptionFilter extends ServiceExceptionFilter {
  protected readonly statusByCode = RECRUITING_ERROR_STATUS;
  protected readonly body = recruitingErrorBody;
}
