import { documentRequiredRole } from '@platform/auth';
import { raceContentErrorBody, raceContentErrorSchema } from '@platform/contracts';
import { bearerScheme, type HttpSurface } from '@platform/runtime';
import { RACE_CONTENT_ERROR_CODES } from './race-content.errors';

/** What race-content-api shows over HTTP: its OpenAPI document's header and its error body. */
export const RACE_CONTENT_HTTP: HttpSurface = {
  openApi: {
    title: 'race-content-api',
    description: 'Races, articles, blogs, past blogs, media, NG words and health checks.',
    security: {
      schemes: {
        bearer: {
          ...bearerScheme,
          description:
            "The platform access token (recruiting's login, or `npm run admin -- issue-token`), an HS256 JWT. " +
            'Reads (GET) need the viewer role or above, writes member or above: 401 without a valid token, 403 below the role.',
        },
      },
      default: [{ bearer: [] }],
    },
    errorBody: raceContentErrorSchema(RACE_CONTENT_ERROR_CODES),
    invalidInputStatus: 422,
    securedOperation: documentRequiredRole,
  },
  errorBody: raceContentErrorBody,
};
