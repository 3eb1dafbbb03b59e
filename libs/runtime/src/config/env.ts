import { z } from 'zod';
import type { RouteBodyLimits } from '../http/body-limit';

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
  /** Unset is production: only an explicit development or test relaxes what a deployed app must have (secrets.ts). */
  nodeEnv: () => z.enum(['development', 'production', 'test']).default('production'),
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

/**
 * OpenTelemetry's standard tracing variables. libs/observability reads them itself, before anything else loads (an
 * empty endpoint: tracing off); they are declared here so that a wrong value stops the start with one line, and so
 * that the Deployments pass them (docs/decisions.md, "Tracing and correlated logs").
 */
export const tracingEnvSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: env.url(['http', 'https']).optional(),
  OTEL_TRACES_SAMPLER: z
    .enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'])
    .optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
});

/** Settings every app shares: where to listen, how to log, where traces go. */
export const baseEnvSchema = z.object({
  ...tracingEnvSchema.shape,
  NODE_ENV: env.nodeEnv(),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: env.logLevel(),
  SHUTDOWN_TIMEOUT_MS: env.positiveInt(10_000),
  /**
   * After SIGTERM, how long the app keeps serving with readiness at 503 before it stops accepting, so a proxy that
   * learns of replicas by health checks (the local edge) takes it out first. 0 in Kubernetes, where the endpoint
   * update and the preStop pause do this.
   */
  SHUTDOWN_DELAY_MS: env.nonNegativeInt(0),
  /** Proxies in front of the app that append to X-Forwarded-For (the edge): the client address is that many hops in. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  /** GET /metrics with the request and Node runtime metrics (on unless turned off, as the overhead bench does). */
  METRICS_ENABLED: env.flag(true),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** The part of every app's typed config that comes from the base variables. */
export interface BaseAppConfig {
  http: { host: string; port: number; trustedProxyHops: number };
  logLevel: string;
  shutdownTimeoutMs: number;
  shutdownDelayMs: number;
  metricsEnabled: boolean;
  /** Request body limits per route (libs/routing's table), when the app reads bodies other than at the default 1 MiB. */
  bodyLimits?: RouteBodyLimits;
}

export function baseConfigFrom(e: BaseEnv & { PORT: number }): BaseAppConfig {
  return {
    http: { host: e.HOST, port: e.PORT, trustedProxyHops: e.TRUSTED_PROXY_HOPS },
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    metricsEnabled: e.METRICS_ENABLED,
  };
}
