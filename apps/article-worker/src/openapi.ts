import type { OpenApiInfo } from '@platform/runtime';

export const ARTICLE_WORKER_OPENAPI: OpenApiInfo = {
  title: 'article-worker',
  description: 'Consumes the article-generation and article-builder queues. HTTP serves only health probes.',
};
