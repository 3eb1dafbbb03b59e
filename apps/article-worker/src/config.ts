import { z } from 'zod';
import { aiEnv, aiOptionsFrom, checkAiEnv } from '@platform/ai';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { mongoEnv, mongoOptionsFrom } from '@platform/persistence';
import { generationEnv, generationOptionsFrom, RACE_CONTENT_DEFAULT_DB, RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig, refuseWeakSecrets } from '@platform/runtime';

export const articleWorkerEnv = baseEnvSchema
  .extend({ PORT: env.port(APPS['article-worker'].port) })
  .extend(mongoEnv.shape)
  .extend(messagingEnv.shape)
  .extend(aiEnv.shape)
  .extend(generationEnv.shape);

const schema = articleWorkerEnv
  .superRefine(checkAiEnv)
  .superRefine(refuseWeakSecrets({ AI_API_KEY: 'credential' }))
  .transform((e) => ({
    ...baseConfigFrom(e),
    mongo: mongoOptionsFrom(e, RACE_CONTENT_DEFAULT_DB),
    messaging: messagingOptionsFrom(e, RACE_CONTENT_QUEUE_LIST),
    ai: aiOptionsFrom(e),
    generation: generationOptionsFrom(e),
  }));

export type ArticleWorkerConfig = z.infer<typeof schema>;

export function loadArticleWorkerConfig(source: Record<string, string | undefined> = process.env): ArticleWorkerConfig {
  return loadConfig(schema, source);
}
