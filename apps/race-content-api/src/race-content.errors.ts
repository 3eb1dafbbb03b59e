import { Catch } from '@nestjs/common';
import { COMMON_ERROR_STATUS, DomainError, raceContentErrorBody, ServiceExceptionFilter } from '@platform/contracts';

/** Every code race content answers with, and its status; invalid bodies are 422 (spec 7). */
export const RACE_CONTENT_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  VALIDATION_FAILED: 422,
  RACE_ALREADY_EXISTS: 409,
  NO_FINISHING_ORDER: 422,
  NO_PREDICTION_DATA: 422,
  INVALID_STATE: 409,
  STORAGE_FAILURE: 500,
} as const satisfies Record<string, number>;

export type RaceContentErrorCode = keyof typeof RACE_CONTENT_ERROR_STATUS;

export const RACE_CONTENT_ERROR_CODES = Object.keys(RACE_CONTENT_ERROR_STATUS) as RaceContentErrorCode[];

/** Race content's domain errors; services throw these, never HTTP exceptions. */
export class RaceContentError extends DomainError<RaceContentErrorCode> {}

/** Race content's one error body, `{error}`. */
@Catch()
export class RaceContentExceptionFilter extends ServiceExceptionFilter {
  protected readonly statusByCode = RACE_CONTENT_ERROR_STATUS;
  protected readonly body = raceContentErrorBody;
}
