import { documentRequiredRole } from '@platform/auth';
import { recruitingErrorSchema } from '@platform/contracts';
import { bearerScheme, type HttpSurface } from '@platform/runtime';
import { RECRUITING_ERROR_CODES, RECRUITING_URL_SECRETS, recruitingErrorBodyWithoutSecrets } from './recruiting.errors';

/**
 * What recruiting-api shows over HTTP: its OpenAPI document's header and its error body; its request log and its error
 * bodies show the candidates' scheduling tokens (in the public API's and the page's paths) only as fingerprints.
 */
export const RECRUITING_HTTP: HttpSurface = {
  openApi: {
    title: 'recruiting-api',
    description: 'Interview recruiting: login, candidates, emails, reservations, public scheduling, survey data.',
    security: {
      schemes: {
        bearer: {
          ...bearerScheme,
          description:
            'The access token of a recruiting login, an HS256 JWT of 15 minutes. A console sends the browser to ' +
            '`GET /api/v1/auth/idp`; the login lands on `{FRONTEND_URL}/login?token=<access>#refreshToken=<refresh>` ' +
            "(@platform/client's `takeLoginHandoff` takes both out of the address) and `POST /api/v1/auth/refresh` rotates " +
            'the pair. Locally, `npm run -s admin -- issue-token --email admin@example.com --role admin` prints one.',
        },
      },
      default: [{ bearer: [] }],
    },
    errorBody: recruitingErrorSchema(RECRUITING_ERROR_CODES),
    securedOperation: documentRequiredRole,
  },
  errorBody: recruitingErrorBodyWithoutSecrets,
  logRedaction: RECRUITING_URL_SECRETS,
};
