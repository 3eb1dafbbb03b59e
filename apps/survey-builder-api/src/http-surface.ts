import { builderErrorBody, builderErrorSchema } from '@platform/contracts';
import { apiKeyHeaderScheme, type HttpSurface } from '@platform/runtime';
import { BUILDER_ERROR_CODES } from './builder.errors';

/**
 * What survey-builder-api shows over HTTP: its OpenAPI document's header and its error body. Every route
 * needs both user headers (spec 5); import routes take the import key instead.
 */
export const SURVEY_BUILDER_HTTP: HttpSurface = {
  openApi: {
    title: 'survey-builder-api',
    description: 'Questionnaire builder: surveys, versions, sections, questions, permissions, library, imports.',
    security: {
      schemes: {
        userEmail: apiKeyHeaderScheme('x-user-email', 'The caller: email address'),
        userName: apiKeyHeaderScheme('x-user-name', 'The caller: display name (percent-encoded when not ASCII)'),
        importKey: apiKeyHeaderScheme('x-api-key', 'SURVEY_IMPORT_API_KEY, for the import routes'),
      },
      default: [{ userEmail: [], userName: [] }],
    },
    errorBody: builderErrorSchema(BUILDER_ERROR_CODES),
  },
  errorBody: builderErrorBody,
};
