import { Catch } from '@nestjs/common';
import { builderErrorBody, COMMON_ERROR_STATUS, DomainError, ServiceExceptionFilter } from '@platform/contracts';

/**
 * Every code the survey builder answers with, and its status (spec 7). The permission update's two 404s
 * are told apart by code and text. Adding a code without a status fails to compile.
 */
export const BUILDER_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  INTRO_QUESTION_AS_CONDITION_SOURCE: 400,
  INCOMPLETE_SOURCE: 400,
  USER_NOT_FOUND: 404,
  OWN_EDIT_PERMISSION_REQUIRED: 404,
  DUPLICATE_QUESTION_CODE: 409,
} as const satisfies Record<string, number>;

export type BuilderErrorCode = keyof typeof BUILDER_ERROR_STATUS;

export const BUILDER_ERROR_CODES = Object.keys(BUILDER_ERROR_STATUS) as BuilderErrorCode[];

/** The survey builder's domain errors; services throw these, never HTTP exceptions. */
export class BuilderError extends DomainError<BuilderErrorCode> {}

/** Missing, deleted, in an older version, or not permitted: the same 404, so existence stays hidden. */
export function notFound(what: string): BuilderError {
  return new BuilderError('NOT_FOUND', `${what} was not found`);
}

/** The builder's one error body, `{ok: false, error}`, for every failure. */
@Catch()
export class BuilderExceptionFilter extends ServiceExceptionFilter {
  protected readonly statusByCode = BUILDER_ERROR_STATUS;
  protected readonly body = builderErrorBody;
}
