import { Catch } from '@nestjs/common';
import { COMMON_ERROR_STATUS, DomainError, raceContentErrorBody, ServiceExceptionFilter } from '@platform/contracts';

/** Every code the AI webhook answers with, and its status (race-content spec 7: invalid bodies are 422). */
export const AI_WEBHOOK_ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  VALIDATION_FAILED: 422,
  MANIFEST_UNREADABLE: 500,
  UPSTREAM_FAILURE: 500,
} as const satisfies Record<string, number>;

export type AiWebhookErrorCode = keyof typeof AI_WEBHOOK_ERROR_STATUS;

export const AI_WEBHOOK_ERROR_CODES = Object.keys(AI_WEBHOOK_ERROR_STATUS) as AiWebhookErrorCode[];

/** The webhook's domain errors; services throw these, never HTTP exceptions. */
export class AiWebhookError extends DomainError<AiWebhookErrorCode> {}

/** The same `{error}` body as race content, whose spec the webhook implements. */
@Catch()
export class AiWebhookExceptionFilter extends ServiceExceptionFilter {
  protected readonly statusByCode = AI_WEBHOOK_ERROR_STATUS;
  protected readonly body = raceContentErrorBody;
}
