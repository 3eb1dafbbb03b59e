import { z } from 'zod';
import { env } from '@platform/runtime';

export const postgresEnv = z.object({
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: env.positiveInt(10),
});

export const mongoEnv = z.object({
  MONGODB_URI: env.url(['mongodb', 'mongodb+srv']),
  /** Database name; the URI's own path wins when MONGODB_DB is unset. */
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, { error: 'must be a plain database name' })
    .optional(),
});

export const redisEnv = z.object({
  REDIS_URL: env.url(['redis', 'rediss']),
});

/**
 * Where the apps that sign or verify platform access tokens keep each user's token version in Redis: the same prefix
 * in all of them (`auth:` by default), so a revocation recruiting-api writes is the one the others read.
 */
export const tokenVersionEnv = z.object({
  AUTH_KEY_PREFIX: z.string().max(64).default('auth:'),
});

/** The PostgreSQL part of an app's typed config (the pool's wait is POOL_WAIT_MS unless a test sets it). */
export function postgresOptionsFrom(e: z.infer<typeof postgresEnv>): { url: string; poolSize: number; poolWaitMs?: number } {
  return { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE };
}

/** The MongoDB part of an app's typed config; `defaultDb` when neither MONGODB_DB nor the URI names one. */
export function mongoOptionsFrom(e: z.infer<typeof mongoEnv>, defaultDb?: string): { uri: string; dbName?: string } {
  return { uri: e.MONGODB_URI, dbName: e.MONGODB_DB ?? defaultDb };
}

export function redisOptionsFrom(e: z.infer<typeof redisEnv>): { url: string } {
  return { url: e.REDIS_URL };
}
