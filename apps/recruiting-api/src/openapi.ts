import type { OpenApiInfo } from '@platform/runtime';

export const RECRUITING_OPENAPI: OpenApiInfo = {
  title: 'recruiting-api',
  description: 'Interview recruiting: login, candidates, emails, reservations, public scheduling, survey data.',
  bearerAuth: true,
};
