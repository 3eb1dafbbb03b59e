import { z } from 'zod';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { mongoEnv } from '@platform/persistence';
import { APPS } from '@platform/routing';
import { baseEnvSchema, env, loadConfig } from '@platform/runtime';
import { storageEnv, storageOptionsFrom } from '@platform/storage';

export const blogWorkerEnv = baseEnvSchema
  .extend({ PORT: env.port(APPS['blog-worker'].port) })
  .extend(mongoEnv.shape)
  .extend(messagingEnv.shape)
  .extend(storageEnv.shape);

const schema = blogWorkerEnv.transform((e) => ({
  http: { host: e.HOST, port: e.PORT },
  logLevel: e.LOG_LEVEL,
  shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  mongo: { uri: e.MONGODB_URI, dbName: e.MONGODB_DB ?? 'race_content' },
  messaging: messagingOptionsFrom(e),
  storage: storageOptionsFrom(e),
}));

export type BlogWorkerConfig = z.infer<typeof schema>;

export function loadBlogWorkerConfig(source: Record<string, string | undefined> = process.env): BlogWorkerConfig {
  return loadConfig(schema, source);
}
