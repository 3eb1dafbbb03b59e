import { z } from 'zod';
import { checkEmbeddingEnv, embeddingEnv, embeddingOptionsFrom } from '@platform/ai';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { mongoEnv, mongoOptionsFrom, redisEnv, tokenVersionEnv } from '@platform/persistence';
import { RACE_CONTENT_DEFAULT_DB, RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { appBodyLimits, APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig, refuseWeakSecrets } from '@platform/runtime';
import { storageEnv, storageOptionsFrom } from '@platform/storage';

/** Largest media file by default: 200 MiB (race videos); MEDIA_MAX_BYTES changes it. */
export const DEFAULT_MEDIA_MAX_BYTES = 200 * 1024 * 1024;

export const raceContentEnv = baseEnvSchema
  .extend({
    PORT: env.port(APPS['race-content-api'].port),
    /** HS256 secret of the platform's access tokens (the one recruiting-api signs with). */
    JWT_SECRET: env.secret(32),
    MEDIA_MAX_BYTES: env.positiveInt(DEFAULT_MEDIA_MAX_BYTES),
    /** Age of the in-memory related-blog index past which a request refreshes it in the background. */
    RELATED_INDEX_REFRESH_MS: z.coerce.number().int().min(0).default(2000),
    /** Age past which a request waits for that refresh (0: every request reads the blogs changed since first). */
    RELATED_INDEX_MAX_STALENESS_MS: z.coerce.number().int().min(0).default(60_000),
  })
  .extend(mongoEnv.shape)
  /** Where the users' token versions are (recruiting writes them): a token of an older version is refused. */
  .extend(redisEnv.shape)
  .extend(tokenVersionEnv.shape)
  .extend(messagingEnv.shape)
  .extend(storageEnv.shape)
  .extend(embeddingEnv.shape);

const schema = raceContentEnv
  .superRefine(checkEmbeddingEnv)
  .superRefine(refuseWeakSecrets({ JWT_SECRET: 'signing-key', AI_API_KEY: 'credential', S3_SECRET_ACCESS_KEY: 'credential' }))
  .transform((e) => ({
    ...baseConfigFrom(e),
    bodyLimits: appBodyLimits('race-content-api'),
    jwt: { secret: e.JWT_SECRET },
    tokenVersions: { redisUrl: e.REDIS_URL, keyPrefix: e.AUTH_KEY_PREFIX },
    mongo: mongoOptionsFrom(e, RACE_CONTENT_DEFAULT_DB),
    messaging: messagingOptionsFrom(e, RACE_CONTENT_QUEUE_LIST),
    storage: storageOptionsFrom(e),
    embedding: embeddingOptionsFrom(e),
    media: { maxBytes: e.MEDIA_MAX_BYTES },
    related: { refreshAfterMs: e.RELATED_INDEX_REFRESH_MS, maxStalenessMs: e.RELATED_INDEX_MAX_STALENESS_MS },
  }));

export type RaceContentConfig = z.infer<typeof schema>;

export function loadRaceContentConfig(source: Record<string, string | undefined> = process.env): RaceContentConfig {
  return loadConfig(schema, source);
}
