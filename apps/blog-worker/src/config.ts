import { z } from 'zod';
import { aiEnv, aiOptionsFrom, checkAiEnv, embeddingEnv, embeddingOptionsFrom } from '@platform/ai';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { mongoEnv, mongoOptionsFrom } from '@platform/persistence';
import { generationEnv, generationOptionsFrom, RACE_CONTENT_DEFAULT_DB, RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig, refuseWeakSecrets } from '@platform/runtime';
import { storageEnv, storageOptionsFrom } from '@platform/storage';

export const blogWorkerEnv = baseEnvSchema
  .extend({
    PORT: env.port(APPS['blog-worker'].port),
    /**
     * Where browsers load media objects from (a CDN or the bucket's public address); thumbnails are `<base>/<key>`.
     * Unset: the bucket's own address (path-style under S3_ENDPOINT, or AWS S3's virtual-hosted one).
     */
    MEDIA_PUBLIC_BASE_URL: env.url(['http', 'https']).optional(),
  })
  .extend(mongoEnv.shape)
  .extend(messagingEnv.shape)
  .extend(storageEnv.shape)
  .extend(aiEnv.shape)
  .extend(embeddingEnv.shape)
  .extend(generationEnv.shape);

const schema = blogWorkerEnv
  .superRefine(checkAiEnv)
  .superRefine(refuseWeakSecrets({ AI_API_KEY: 'credential', S3_SECRET_ACCESS_KEY: 'credential' }))
  .transform((e) => {
    const storage = storageOptionsFrom(e);
    const bucketAddress = storage.endpoint
      ? `${storage.endpoint.replace(/(?<!\/)\/+$/, '')}/${storage.bucket}`
      : `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`;
    return {
      ...baseConfigFrom(e),
      mongo: mongoOptionsFrom(e, RACE_CONTENT_DEFAULT_DB),
      messaging: messagingOptionsFrom(e, RACE_CONTENT_QUEUE_LIST),
      storage,
      ai: aiOptionsFrom(e),
      embedding: embeddingOptionsFrom(e),
      generation: generationOptionsFrom(e),
      thumbnails: { publicBaseUrl: e.MEDIA_PUBLIC_BASE_URL ?? bucketAddress },
    };
  });

export type BlogWorkerConfig = z.infer<typeof schema>;

export function loadBlogWorkerConfig(source: Record<string, string | undefined> = process.env): BlogWorkerConfig {
  return loadConfig(schema, source);
}
