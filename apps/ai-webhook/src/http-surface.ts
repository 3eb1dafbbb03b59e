import { raceContentErrorBody, raceContentErrorSchema } from '@platform/contracts';
import { apiKeyHeaderScheme, bearerScheme, type HttpSurface } from '@platform/runtime';
import { AI_WEBHOOK_ERROR_CODES } from './ai-webhook.errors';

/** What ai-webhook shows over HTTP: its OpenAPI document's header and its error body. */
export const AI_WEBHOOK_HTTP: HttpSurface = {
  openApi: {
    title: 'ai-webhook',
    description: 'Race content’s AI worker status webhook and onboarding event-run status.',
    security: {
      schemes: {
        bearer: {
          ...bearerScheme,
          description:
            'An id token of the identity provider (IDP_ISSUER, audience IDP_AUDIENCE; locally `npm run admin -- idp-token`), for the ' +
            'event-run status read; its subject must be granted the project (`npm run ai-jobs -- grant`), else 403.',
        },
        webhookKey: apiKeyHeaderScheme(
          'X-API-Key',
          'AI_WEBHOOK_API_KEY, the shared key the operators give the AI workers, for the AI status webhook only',
        ),
      },
      default: [{ bearer: [] }],
    },
    errorBody: raceContentErrorSchema(AI_WEBHOOK_ERROR_CODES, { field: 'attempt', message: 'attempt must not be less than 1' }),
    invalidInputStatus: 422,
  },
  errorBody: raceContentErrorBody,
};
