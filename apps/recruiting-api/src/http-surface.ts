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
    security: { schemes: { bearer: bearerScheme }, default: [{ bearer: [] }] },
    errorBody: recruitingErrorSchema(RECRUITING_ERROR_CODES),
  },
  errorBody: recruitingErrorBodyWithoutSecrets,
  logRedaction: RECRUITING_URL_SECRETS,
};
