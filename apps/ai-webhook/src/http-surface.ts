import { raceContentErrorBody, raceContentErrorSchema } from '@platform/contracts';
import { apiKeyHeaderScheme, bearerScheme, type HttpSurface } from '@platform/runtime';
import { AI_WEBHOOK_ERROR_CODES } from './ai-webhook.errors';

/** What ai-webhook shows over HTTP: its OpenAPI document's header and its error body. */
export const AI_WEBHOOK_HTTP: HttpSurface = {
  openApi: {
    title: 'ai-webhook',
    description: 'AI worker status webhook and onboarding event-run status (race-content spec 4.9 and 6).',
    security: {
      schemes: {
        bearer: bearerScheme,
        webhookKey: apiKeyHeaderScheme('X-API-Key', 'AI_WEBHOOK_API_KEY, for the AI status webhook'),
      },
      default: [{ bearer: [] }],
    },
    errorBody: raceContentErrorSchema(AI_WEBHOOK_ERROR_CODES),
    invalidInputStatus: 422,
  },
  errorBody: raceContentErrorBody,
};
