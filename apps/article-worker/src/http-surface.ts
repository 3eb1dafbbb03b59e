import { COMMON_ERROR_STATUS, raceContentErrorBody, raceContentErrorSchema } from '@platform/contracts';
import type { HttpSurface } from '@platform/runtime';

/** What article-worker shows over HTTP: probes only, with the race-content error body for anything else. */
export const ARTICLE_WORKER_HTTP: HttpSurface = {
  openApi: {
    title: 'article-worker',
    description: 'Consumes the article-generation and article-builder queues. HTTP serves only health probes.',
    errorBody: raceContentErrorSchema(Object.keys(COMMON_ERROR_STATUS)),
  },
  errorBody: raceContentErrorBody,
};
