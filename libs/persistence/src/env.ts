import { z } from 'zod';
import { env } from '@platform/runtime';

export const postgresEnv = z.object({
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: env.positiveInt(10),
});

export const mongoEnv = z.object({
  MONGODB_URI: env.url(['mongodb', 'mongodb+srv']),
  /** Database name; the URI's own path wins when MONGODB_DB is unset. */
  MONGODB_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, { error: 'must be a plain database name' }).optional(),
});

export const redisEnv = z.object({
  REDIS_URL: env.url(['redis', 'rediss']),
});
