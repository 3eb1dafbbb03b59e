import { z } from 'zod';
import { postgresEnv, redisEnv } from '@platform/persistence';
import { APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig } from '@platform/runtime';
import { storageEnv, storageOptionsFrom } from '@platform/storage';

export const aiWebhookEnv = baseEnvSchema
  .extend({ PORT: env.port(APPS['ai-webhook'].port) })
  .extend(postgresEnv.shape)
  .extend(redisEnv.shape)
  .extend(storageEnv.shape);

const schema = aiWebhookEnv.transform((e) => ({
  ...baseConfigFrom(e),
  database: { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE },
  redis: { url: e.REDIS_URL },
  storage: storageOptionsFrom(e),
}));

export type AiWebhookConfig = z.infer<typeof schema>;

export function loadAiWebhookConfig(source: Record<string, string | undefined> = process.env): AiWebhookConfig {
  return loadConfig(schema, source);
}
