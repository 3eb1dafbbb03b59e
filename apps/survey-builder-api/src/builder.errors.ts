import { Catch } from '@nestjs/common';
import { builderErrorBody, COMMON_ERROR_STATUS, DomainError, ServiceExceptionFilter } from '@platform/contracts';
import { breachMessage, type LimitBreach } from './domain/limits';

/**
 * Every code the survey builder answers with, and its status. The permission update's two 404s
 * are told apart by code and text. Adding a code without a status fails to compile.
 */
export const BUILDER_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  INTRO_QUESTION_AS_CONDITION_SOURCE: 400,
  INCOMPLETE_SOURCE: 400,
  USER_NOT_FOUND: 404,
  OWN_EDIT_PERMISSION_REQUIRED: 404,
  DUPLICATE_QUESTION_CODE: 409,
  /** The latest version would hold more sections than a survey may (domain/limits.ts). */
  SECTION_LIMIT_EXCEEDED: 400,
  /** The latest version would hold more questions than a survey may. */
  QUESTION_LIMIT_EXCEEDED: 400,
  /** A question that is copied or imported holds more choices, rows, columns, fields, sub-questions or rules than a question may. */
  QUESTION_CONTENT_LIMIT_EXCEEDED: 400,
} as const satisfies Record<string, number>;

export type BuilderErrorCode = keyof typeof BUILDER_ERROR_STATUS;

export const BUILDER_ERROR_CODES = Object.keys(BUILDER_ERROR_STATUS) as BuilderErrorCode[];

/** The survey builder's domain errors; services throw these, never HTTP exceptions. */
export class BuilderError extends DomainError<BuilderErrorCode> {}

/** Missing, deleted, in an older version, or not permitted: the same 404, so existence stays hidden. */
export function notFound(what: string): BuilderError {
  return new BuilderError('NOT_FOUND', `${what} was not found`);
}

/**
 * Refuses a change that breaks a limit (domain/limits.ts): the code names the limit (sections or questions of a survey, or the
 * content of a question), and each breach is a detail naming its field, the maximum and the count it would reach.
 */
export function assertWithinLimits(breaches: LimitBreach[]): void {
  const [first] = breaches;
  if (!first) return;
  const code =
    first.limit === 'sections'
      ? 'SECTION_LIMIT_EXCEEDED'
      : first.limit === 'questions'
        ? 'QUESTION_LIMIT_EXCEEDED'
        : 'QUESTION_CONTENT_LIMIT_EXCEEDED';
  throw new BuilderError(
    code,
    breachMessage(first),
    breaches.map((breach) => ({ field: breach.field, message: breachMessage(breach) })),
  );
}

/** The builder's one error body, `{ok: false, error}`, for every failure. */
@Catch()
export class BuilderExceptionFilter extends ServiceExceptionFilter {
  protected readonly statusByCode = BUILDER_ERROR_STATUS;
  protected readonly body = builderErrorBody;
}
