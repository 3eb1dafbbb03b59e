import { z } from 'zod';
import { messagingEnv, messagingOptionsFrom } from '@platform/messaging';
import { postgresEnv, postgresOptionsFrom } from '@platform/persistence';
import { APPS } from '@platform/routing';
import { RECRUITING_IMPORT_QUEUE } from './imports/import-queue';
import { baseConfigFrom, baseEnvSchema, env, loadConfig } from '@platform/runtime';

/** Largest TSV upload by default: 100 MiB (the spec's files are tens of MB). */
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
    /** Users created by their first login with one of these emails get role admin; everyone else member. */
    ADMIN_EMAILS: env.list(),
    /** The survey answer warehouse: a PostgreSQL database with the `warehouse` schema. Unset: survey data answers 503. */
    WAREHOUSE_URL: env.url(['postgres', 'postgresql']).optional(),
    /** Largest TSV upload, in bytes (413 above it); 100 MiB by default. */
    IMPORT_MAX_BYTES: env.positiveInt(DEFAULT_IMPORT_MAX_BYTES),
  })
  .extend(postgresEnv.shape)
  .extend(messagingEnv.shape)
  // The import queue is optional: without a broker, starting an import answers 503 QUEUE_UNAVAILABLE.
  .extend({ AMQP_URL: messagingEnv.shape.AMQP_URL.optional() });

const schema = recruitingEnv.transform((e) => ({
  ...baseConfigFrom(e),
  database: postgresOptionsFrom(e),
  jwt: { secret: e.JWT_SECRET },
  tokens: { accessTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS, refreshTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS },
  login: {
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_SECRET && e.OIDC_REDIRECT_URL
        ? { issuer: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, redirectUrl: e.OIDC_REDIRECT_URL }
        : undefined,
    frontendUrl: e.FRONTEND_URL.replace(/\/+$/, ''),
    adminEmails: e.ADMIN_EMAILS.map((email) => email.toLowerCase()),
  },
  messaging: e.AMQP_URL ? messagingOptionsFrom({ ...e, AMQP_URL: e.AMQP_URL }, [RECRUITING_IMPORT_QUEUE]) : undefined,
  warehouse: { url: e.WAREHOUSE_URL },
  imports: { maxBytes: e.IMPORT_MAX_BYTES, fileTtlSeconds: IMPORT_FILE_TTL_SECONDS },
}));

export type RecruitingConfig = z.infer<typeof schema>;
export type LoginConfig = RecruitingConfig['login'];
export type TokenConfig = RecruitingConfig['tokens'];

export function loadRecruitingConfig(source: Record<string, string | undefined> = process.env): RecruitingConfig {
  return loadConfig(schema, source);
}
