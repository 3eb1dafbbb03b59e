import { z } from 'zod';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { postgresEnv, postgresOptionsFrom, redisEnv, redisOptionsFrom, tokenVersionEnv } from '@platform/persistence';
import { appBodyLimits, APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig, refuseWeakSecrets } from '@platform/runtime';
import { RECRUITING_IMPORT_QUEUE } from './recruiting.queues';

/** Largest TSV upload by default: 100 MiB (the expected files are tens of MB). */
export const DEFAULT_IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/** How long an uploaded file is kept: 24 hours. */
export const IMPORT_FILE_TTL_SECONDS = 24 * 3600;

export const recruitingEnv = baseEnvSchema
  .extend({
    PORT: env.port(APPS['recruiting-api'].port),
    /** HS256 secret of the access tokens this service issues. */
    JWT_SECRET: env.secret(32),
    /** Lifetime of an access token, in seconds (expiresIn of /refresh). */
    ACCESS_TOKEN_TTL_SECONDS: env.positiveInt(15 * 60),
    /** Lifetime of a refresh token family's newest token, in seconds. */
    REFRESH_TOKEN_TTL_SECONDS: env.positiveInt(30 * 24 * 3600),
    /** The OpenID Connect provider of the login (discovery at {issuer}/.well-known/openid-configuration). */
    OIDC_ISSUER_URL: env.url(['http', 'https']).optional(),
    OIDC_CLIENT_ID: z.string().min(1).default('recruiting-api'),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** This service's callback as the provider knows it: {public base}/api/v1/auth/idp/callback. */
    OIDC_REDIRECT_URL: env.url(['http', 'https']).optional(),
    /** Where the login ends: {FRONTEND_URL}/login?token=... or ?error=auth_failed. */
    FRONTEND_URL: env.url(['http', 'https']).default('http://localhost:8080'),
    /** Users created by their first login with one of these emails, verified by the provider, get role admin; everyone else member. */
    ADMIN_EMAILS: env.list(),
    /** The survey answer warehouse: a PostgreSQL database with the `warehouse` schema. Unset: survey data answers 503. */
    WAREHOUSE_URL: env.url(['postgres', 'postgresql']).optional(),
    /** Largest TSV upload, in bytes (413 above it); 100 MiB by default. */
    IMPORT_MAX_BYTES: env.positiveInt(DEFAULT_IMPORT_MAX_BYTES),
    /** While true (the default) no email leaves the machine and calendar operations are skipped (read only by isEmailEnabled and the calendar choice). */
    PROTOTYPE_MODE: env.flag(true),
    /** Where nodemailer delivers when PROTOTYPE_MODE is false: smtp://user:pass@host:port or smtps://... */
    SMTP_URL: env.url(['smtp', 'smtps']).optional(),
    /** The From address of every email. */
    MAIL_FROM: z.string().min(3).max(320).default('採用チーム <recruiting@example.com>'),
    /** The public scheduling page; an invitation links to {PUBLIC_SCHEDULING_URL}/{token}. */
    PUBLIC_SCHEDULING_URL: env.url(['http', 'https']).default('http://localhost:8080/schedule'),
    /** Prefix of every Redis key this service writes (rate-limit counters). */
    REDIS_KEY_PREFIX: z.string().max(64).default('recruiting:'),
    /** Public scheduling requests allowed per client address, and per token, in each window. */
    PUBLIC_RATE_LIMIT_PER_ADDRESS: env.positiveInt(120),
    PUBLIC_RATE_LIMIT_PER_TOKEN: env.positiveInt(60),
    PUBLIC_RATE_LIMIT_WINDOW_SECONDS: env.positiveInt(60),
    /** The calendar behind the calendar port once PROTOTYPE_MODE is false: none, or google (a service account). */
    CALENDAR_PROVIDER: z.enum(['none', 'google']).default('none'),
    GOOGLE_CALENDAR_API_URL: env.url(['http', 'https']).default('https://www.googleapis.com/calendar/v3'),
    GOOGLE_CALENDAR_ID: z.string().min(1).max(1024).optional(),
    GOOGLE_SERVICE_ACCOUNT_EMAIL: z.string().min(3).max(320).optional(),
    /** The service account's private key (PEM); literal \n sequences are read as line breaks. */
    GOOGLE_SERVICE_ACCOUNT_KEY: z.string().min(1).optional(),
    GOOGLE_OAUTH_TOKEN_URL: env.url(['http', 'https']).default('https://oauth2.googleapis.com/token'),
    CALENDAR_TIMEOUT_MS: env.positiveInt(5000),
  })
  .extend(postgresEnv.shape)
  .extend(redisEnv.shape)
  .extend(tokenVersionEnv.shape)
  .extend(messagingEnv.shape)
  // The import queue is optional: without a broker, starting an import answers 503 QUEUE_UNAVAILABLE.
  .extend({ AMQP_URL: messagingEnv.shape.AMQP_URL.optional() });

const schema = recruitingEnv
  .superRefine(refuseWeakSecrets({ JWT_SECRET: 'signing-key', OIDC_CLIENT_SECRET: 'credential', GOOGLE_SERVICE_ACCOUNT_KEY: 'credential' }))
  .refine((e) => e.PROTOTYPE_MODE || e.SMTP_URL, { error: 'PROTOTYPE_MODE=false needs SMTP_URL', path: ['SMTP_URL'] })
  .refine(
    (e) => e.CALENDAR_PROVIDER !== 'google' || (e.GOOGLE_CALENDAR_ID && e.GOOGLE_SERVICE_ACCOUNT_EMAIL && e.GOOGLE_SERVICE_ACCOUNT_KEY),
    {
      error: 'CALENDAR_PROVIDER=google needs GOOGLE_CALENDAR_ID, GOOGLE_SERVICE_ACCOUNT_EMAIL and GOOGLE_SERVICE_ACCOUNT_KEY',
      path: ['GOOGLE_CALENDAR_ID'],
    },
  )
  .transform((e) => ({
    ...baseConfigFrom(e),
    bodyLimits: appBodyLimits('recruiting-api'),
    database: postgresOptionsFrom(e),
    jwt: { secret: e.JWT_SECRET },
    tokens: { accessTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS, refreshTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS },
    login: {
      oidc:
        e.OIDC_ISSUER_URL && e.OIDC_CLIENT_SECRET && e.OIDC_REDIRECT_URL
          ? { issuer: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, redirectUrl: e.OIDC_REDIRECT_URL }
          : undefined,
      frontendUrl: e.FRONTEND_URL.replace(/(?<!\/)\/+$/, ''),
      adminEmails: e.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    },
    messaging: e.AMQP_URL ? messagingOptionsFrom({ ...e, AMQP_URL: e.AMQP_URL }, [RECRUITING_IMPORT_QUEUE]) : undefined,
    warehouse: { url: e.WAREHOUSE_URL },
    imports: { maxBytes: e.IMPORT_MAX_BYTES, fileTtlSeconds: IMPORT_FILE_TTL_SECONDS },
    redis: { ...redisOptionsFrom(e), keyPrefix: e.REDIS_KEY_PREFIX, authKeyPrefix: e.AUTH_KEY_PREFIX },
    prototypeMode: e.PROTOTYPE_MODE,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    scheduling: {
      publicUrl: e.PUBLIC_SCHEDULING_URL.replace(/(?<!\/)\/+$/, ''),
      /** Key of the slot ids (an HMAC of interviewer and start), derived from the service secret. */
      slotKey: e.JWT_SECRET,
      rateLimit: {
        perAddress: e.PUBLIC_RATE_LIMIT_PER_ADDRESS,
        perToken: e.PUBLIC_RATE_LIMIT_PER_TOKEN,
        windowSeconds: e.PUBLIC_RATE_LIMIT_WINDOW_SECONDS,
      },
    },
    calendar:
      e.CALENDAR_PROVIDER === 'google'
        ? {
            provider: 'google' as const,
            apiUrl: e.GOOGLE_CALENDAR_API_URL.replace(/(?<!\/)\/+$/, ''),
            calendarId: e.GOOGLE_CALENDAR_ID!,
            serviceAccountEmail: e.GOOGLE_SERVICE_ACCOUNT_EMAIL!,
            serviceAccountKey: e.GOOGLE_SERVICE_ACCOUNT_KEY!.replace(/\\n/g, '\n'),
            tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
            timeoutMs: e.CALENDAR_TIMEOUT_MS,
          }
        : { provider: 'none' as const },
  }));

export type RecruitingConfig = z.infer<typeof schema>;
export type LoginConfig = RecruitingConfig['login'];
export type TokenConfig = RecruitingConfig['tokens'];
export type SchedulingConfig = RecruitingConfig['scheduling'];
export type CalendarConfig = RecruitingConfig['calendar'];
export type MailConfig = RecruitingConfig['mail'];
export type WarehouseConfig = RecruitingConfig['warehouse'];

/**
 * The one reader of PROTOTYPE_MODE: outside effects (mail, and the calendar with it) happen
 * only when this says so.
 */
export function isEmailEnabled(config: { prototypeMode: boolean }): boolean {
  return !config.prototypeMode;
}

export function loadRecruitingConfig(source: Record<string, string | undefined> = process.env): RecruitingConfig {
  return loadConfig(schema, source);
}
