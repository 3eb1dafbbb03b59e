import { COMMON_ERROR_STATUS, raceContentErrorBody, raceContentErrorSchema } from '@platform/contracts';
import type { HttpSurface } from '@platform/runtime';

/** What blog-worker shows over HTTP: probes only, with the race-content error body for anything else. */
export const BLOG_WORKER_HTTP: HttpSurface = {
  openApi: {
    title: 'blog-worker',
    description: 'Consumes the blog-generation, blog-rewriter and thumbnail-generation queues. HTTP serves only health probes.',
    errorBody: raceContentErrorSchema(Object.keys(COMMON_ERROR_STATUS)),
  },
  errorBody: raceContentErrorBody,
};
