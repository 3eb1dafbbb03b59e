import { Catch } from '@nestjs/common';
import { COMMON_ERROR_STATUS, DomainError, raceContentErrorBody, ServiceExceptionFilter } from '@platform/contracts';

/** Every code race content answers with, and its status; invalid bodies and queries are 422. */
export const RACE_CONTENT_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  VALIDATION_FAILED: 422,
  /** An uploaded file is missing, not JSON, or lacks what it must carry (race_id, entries). */
  INVALID_FILE: 400,
  RACE_ALREADY_EXISTS: 409,
  /** A race_id in a body names no race. */
  UNKNOWN_RACE: 400,
  /** A category_id in a body names no category. */
  UNKNOWN_CATEGORY: 400,
  /** A status the operation does not accept as input (generating or failed articles, generating blogs). */
  STATUS_NOT_ALLOWED: 400,
  NAME_TAKEN: 409,
  /** The declared mime_type disagrees with the file's content. */
  MEDIA_TYPE_MISMATCH: 422,
  /** old_blog_id in a body names no past blog. */
  UNKNOWN_OLD_BLOG: 400,
  /** Thumbnails and related information wait until a blog is no longer generating. */
  BLOG_GENERATING: 400,
  /** A thumbnail needs a blog tied to an existing race. */
  NO_RACE: 400,
  /** Related information needs the blog's embedding and at least one candidate. */
  NO_EMBEDDING: 400,
  NO_RELATED_CANDIDATES: 400,
  NO_FINISHING_ORDER: 422,
  NO_PREDICTION_DATA: 422,
  INVALID_STATE: 409,
  STORAGE_FAILURE: 500,
} as const satisfies Record<string, number>;

export type RaceContentErrorCode = keyof typeof RACE_CONTENT_ERROR_STATUS;

export const RACE_CONTENT_ERROR_CODES = Object.keys(RACE_CONTENT_ERROR_STATUS) as RaceContentErrorCode[];

/** Race content's domain errors; services throw these, never HTTP exceptions. */
export class RaceContentError extends DomainError<RaceContentErrorCode> {}

/** The 404 of a resource that does not exist or is deleted. */
export function notFound(what: string): RaceContentError {
  return new RaceContentError('NOT_FOUND', `${what} does not exist`);
}

/** The 409 of a name another live NG word or category holds. */
export function nameTaken(name: string): RaceContentError {
  return new RaceContentError('NAME_TAKEN', `The name ${name} is already in use`);
}

/** Race content's one error body, `{error}`. */
@Catch()
export class RaceContentExceptionFilter extends ServiceExceptionFilter {
  protected readonly statusByCode = RACE_CONTENT_ERROR_STATUS;
  protected readonly body = raceContentErrorBody;
}
