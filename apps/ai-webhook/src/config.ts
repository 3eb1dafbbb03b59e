import { z } from 'zod';
import { postgresEnv, postgresOptionsFrom, redisEnv, redisOptionsFrom } from '@platform/persistence';
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
  database: postgresOptionsFrom(e),
  redis: redisOptionsFrom(e),
  storage: storageOptionsFrom(e),
}));

export type AiWebhookConfig = z.infer<typeof schema>;

export function loadAiWebhookConfig(source: Record<string, string | undefined> = process.env): AiWebhookConfig {
  return loadConfig(schema, source);
}
