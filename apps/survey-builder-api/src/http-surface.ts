import { builderErrorBody, builderErrorSchema } from '@platform/contracts';
import { apiKeyHeaderScheme, bearerScheme, type HttpSurface } from '@platform/runtime';
import { BUILDER_ERROR_CODES } from './builder.errors';

/**
 * What survey-builder-api shows over HTTP: its OpenAPI document's header and its error body. The document describes
 * what a caller sends to the edge, its server: the platform access token, from which the edge's identity check sets
 * the user headers the app reads (x-user-email and x-user-name; client `x-user-*` headers are removed at the edge); import routes take the
 * import key instead, or as well.
 */
export const SURVEY_BUILDER_HTTP: HttpSurface = {
  openApi: {
    title: 'survey-builder-api',
    description: 'Questionnaire builder: surveys, versions, sections, questions, permissions, library, imports.',
    security: {
      schemes: {
        bearer: {
          ...bearerScheme,
          description:
            "The platform access token (recruiting's login, or `npm run admin -- issue-token`). The edge checks it and " +
            'passes the caller to the builder as `x-user-email` and `x-user-name`, from its `email` and `name` claims; ' +
            'those headers sent by a client are removed at the edge.',
        },
        importKey: apiKeyHeaderScheme(
          'x-api-key',
          'SURVEY_IMPORT_API_KEY, for the import routes: alone, the import is recorded as Import Bot; with a token, as its user',
        ),
      },
      default: [{ bearer: [] }],
    },
    errorBody: builderErrorSchema(BUILDER_ERROR_CODES),
  },
  errorBody: builderErrorBody,
};
