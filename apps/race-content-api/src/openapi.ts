import type { OpenApiInfo } from '@platform/runtime';

export const RACE_CONTENT_OPENAPI: OpenApiInfo = {
  title: 'race-content-api',
  description: 'Races, articles, blogs, past blogs, media, NG words and health checks (race-content spec 1-4.8).',
};
