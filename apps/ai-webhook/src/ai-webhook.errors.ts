import { Catch } from '@nestjs/common';
import { COMMON_ERROR_STATUS, DomainError, raceContentErrorBody, ServiceExceptionFilter } from '@platform/contracts';

/** Every code the AI webhook answers with, and its status (as in race content, invalid bodies are 422). */
export const AI_WEBHOOK_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  VALIDATION_FAILED: 422,
  /** The result manifest could not be read from storage, or is not JSON. */
  MANIFEST_UNREADABLE: 500,
  /** The manifest is not valid against schema v1, or disagrees with the callback and the job row. */
  MANIFEST_INVALID: 500,
  /** Redis, the data service or the identity provider's key set failed; nothing of it is told. */
  UPSTREAM_FAILURE: 500,
} as const satisfies Record<string, number>;

export type AiWebhookErrorCode = keyof typeof AI_WEBHOOK_ERROR_STATUS;

export const AI_WEBHOOK_ERROR_CODES = Object.keys(AI_WEBHOOK_ERROR_STATUS) as AiWebhookErrorCode[];

/** The webhook's domain errors; services throw these, never HTTP exceptions. */
export class AiWebhookError extends DomainError<AiWebhookErrorCode> {}

export function notFound(what: string): AiWebhookError {
  return new AiWebhookError('NOT_FOUND', `${what} was not found`);
}

export function upstreamFailure(): AiWebhookError {
  return new AiWebhookError('UPSTREAM_FAILURE', 'Internal server error');
}

/** The same `{error}` body as race content, whose spec the webhook implements. */
@Catch()
export class AiWebhookExceptionFilter extends ServiceExceptionFilter {
  protected readonly statusByCode = AI_WEBHOOK_ERROR_STATUS;
  protected readonly body = raceContentErrorBody;
}
