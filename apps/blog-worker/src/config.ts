import { z } from 'zod';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { mongoEnv, mongoOptionsFrom } from '@platform/persistence';
import { RACE_CONTENT_DEFAULT_DB, RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig } from '@platform/runtime';
import { storageEnv, storageOptionsFrom } from '@platform/storage';

export const blogWorkerEnv = baseEnvSchema
  .extend({ PORT: env.port(APPS['blog-worker'].port) })
  .extend(mongoEnv.shape)
  .extend(messagingEnv.shape)
  .extend(storageEnv.shape);

const schema = blogWorkerEnv.transform((e) => ({
  ...baseConfigFrom(e),
  mongo: mongoOptionsFrom(e, RACE_CONTENT_DEFAULT_DB),
  messaging: messagingOptionsFrom(e, RACE_CONTENT_QUEUE_LIST),
  storage: storageOptionsFrom(e),
}));

export type BlogWorkerConfig = z.infer<typeof schema>;

export function loadBlogWorkerConfig(source: Record<string, string | undefined> = process.env): BlogWorkerConfig {
  return loadConfig(schema, source);
}
