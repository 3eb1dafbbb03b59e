import { z } from 'zod';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { mongoEnv } from '@platform/persistence';
import { APPS } from '@platform/routing';
import { baseEnvSchema, env, loadConfig } from '@platform/runtime';
import { storageEnv, storageOptionsFrom } from '@platform/storage';

export const raceContentEnv = baseEnvSchema
  .extend({ PORT: env.port(APPS['race-content-api'].port) })
  .extend(mongoEnv.shape)
  .extend(messagingEnv.shape)
  .extend(storageEnv.shape);

const schema = raceContentEnv.transform((e) => ({
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
