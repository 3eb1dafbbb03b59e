import { z } from 'zod';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { mongoEnv } from '@platform/persistence';
import { APPS } from '@platform/routing';
import { baseEnvSchema, env, loadConfig } from '@platform/runtime';
import { storageEnv, storageOptionsFrom } from '@platform/storage';

const schema = baseEnvSchema
  .extend({ PORT: env.port(APPS['race-content-api'].port) })
  .extend(mongoEnv.shape)
  .extend(messagingEnv.shape)
  .extend(storageEnv.shape)
  .transform((e) => ({
    nodeEnv: e.NODE_ENV,
    http: { host: e.HOST, port: e.PORT },
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    mongo: { uri: e.MONGODB_URI, dbName: e.MONGODB_DB ?? 'race_content' },
    messaging: messagingOptionsFrom(e),
    storage: storageOptionsFrom(e),
  }));

export type RaceContentConfig = z.infer<typeof schema>;

export function loadRaceContentConfig(source: Record<string, string | undefined> = process.env): RaceContentConfig {
  return loadConfig(schema, source);
}
