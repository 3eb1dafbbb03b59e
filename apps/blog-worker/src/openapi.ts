import type { OpenApiInfo } from '@platform/runtime';

export const BLOG_WORKER_OPENAPI: OpenApiInfo = {
  title: 'blog-worker',
  description: 'Consumes the blog-generation, blog-rewriter and thumbnail-generation queues. HTTP serves only health probes.',
};
