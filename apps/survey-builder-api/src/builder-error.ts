import { type BuilderErrorCode, DomainError } from '@platform/contracts';

/** The survey builder's domain errors; its exception filter maps each code to its status (spec 7). */
export class BuilderError extends DomainError<BuilderErrorCode> {}

/** Missing, deleted, in an older version, or not permitted: the same 404, so existence stays hidden. */
export function notFound(what: string): BuilderError {
  return new BuilderError('NOT_FOUND', `${what} was not found`);
}
