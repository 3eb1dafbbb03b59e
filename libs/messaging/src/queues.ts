import {
  ArticleBuildJob,
  ArticleGenerationJob,
  BlogGenerationJob,
  BlogRewriteJob,
  ThumbnailGenerationJob,
} from '@platform/contracts';

/** The queue names of the race-content spec, declared once. */
export const QUEUES = {
  articleGeneration: 'article-generation',
  articleBuilder: 'article-builder',
  blogGeneration: 'blog-generation',
  blogRewriter: 'blog-rewriter',
  thumbnailGeneration: 'thumbnail-generation',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The payload class each queue carries; publishers and consumers validate against it. */
export const QUEUE_MESSAGE_TYPES = {
  'article-generation': ArticleGenerationJob,
  'article-builder': ArticleBuildJob,
  'blog-generation': BlogGenerationJob,
  'blog-rewriter': BlogRewriteJob,
  'thumbnail-generation': ThumbnailGenerationJob,
} as const satisfies Record<QueueName, new () => object>;

export type MessageOf<Q extends QueueName> = InstanceType<(typeof QUEUE_MESSAGE_TYPES)[Q]>;

export const ALL_QUEUES: QueueName[] = Object.values(QUEUES);

/** Physical names of a queue's three parts, under an optional environment prefix. */
export interface QueueTopology {
  main: string;
  /** Failed attempts wait here for the retry delay, then dead-letter back into main. */
  retry: string;
  /** Messages that failed their last attempt, or were malformed. */
  dead: string;
}

export function topologyOf(queue: QueueName, prefix = ''): QueueTopology {
  const main = `${prefix}${queue}`;
  return { main, retry: `${main}.retry`, dead: `${main}.dlq` };
}
