import { z } from 'zod';

/** Reusable environment field parsers: env values are strings, these turn them into typed values. */
export const env = {
  port: (fallback?: number) => {
    const port = z.coerce.number().int().min(0).max(65535);
    return fallback === undefined ? port : port.default(fallback);
  },
  url: (protocols: string[]) =>
    z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error: `must be a ${protocols.join(' or ')} URL` }),
  flag: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  nonNegativeInt: (fallback: number) => z.coerce.number().int().min(0).default(fallback),
  secret: (minLength: number) => z.string().min(minLength, { error: `must be at least ${minLength} characters` }),
  text: () => z.string().min(1),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  nodeEnv: () => z.enum(['development', 'production', 'test']).default('development'),
  /** Comma-separated list, trimmed, empty entries dropped. */
  list: () =>
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
};

/** Settings every app shares: where to listen and how to log. */
export const baseEnvSchema = z.object({
  NODE_ENV: env.nodeEnv(),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: env.logLevel(),
  SHUTDOWN_TIMEOUT_MS: env.positiveInt(10_000),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** The part of every app's typed config that comes from the base variables. */
export interface BaseAppConfig {
  http: { host: string; port: number };
  logLevel: string;
  shutdownTimeoutMs: number;
  /** Largest request body, in bytes, when the app needs other than the default 1 MiB. */
  bodyLimitBytes?: number;
}

export function baseConfigFrom(e: BaseEnv & { PORT: number }): BaseAppConfig {
  return { http: { host: e.HOST, port: e.PORT }, logLevel: e.LOG_LEVEL, shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS };
}
