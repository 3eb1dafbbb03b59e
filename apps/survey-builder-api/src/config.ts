import { z } from 'zod';
import { postgresEnv, postgresOptionsFrom, redisEnv, tokenVersionEnv } from '@platform/persistence';
import { APP_LIMIT_DEFAULTS, appBodyLimits, APPS, bodyLimits } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig, refuseWeakSecrets } from '@platform/runtime';

export const surveyBuilderEnv = baseEnvSchema
  .extend({
    PORT: env.port(APPS['survey-builder-api'].port),
    /** Administrators may view and edit every survey and delete library entries. */
    SURVEY_ADMIN_EMAILS: env.list(),
    /** When set, import routes also accept this key in x-api-key. */
    SURVEY_IMPORT_API_KEY: env.secret(16).optional(),
    /** The platform's HS256 secret (recruiting signs access tokens with it): the edge's identity check verifies them. */
    JWT_SECRET: env.secret(32).optional(),
    /** Where the identity check reads the users' token versions (recruiting writes them); required with JWT_SECRET. */
    REDIS_URL: redisEnv.shape.REDIS_URL.optional(),
    /** The largest external bundle (POST /api/imports/survey-platform/bundle); every other body takes the 1 MiB default. */
    BUNDLE_MAX_BYTES: env.positiveInt(APP_LIMIT_DEFAULTS.BUNDLE_MAX_BYTES),
  })
  .extend(postgresEnv.shape)
  .extend(tokenVersionEnv.shape);

const schema = surveyBuilderEnv
  .superRefine(refuseWeakSecrets({ JWT_SECRET: 'signing-key', SURVEY_IMPORT_API_KEY: 'api-key' }))
  .refine((e) => !e.JWT_SECRET || e.REDIS_URL, {
    error: 'JWT_SECRET needs REDIS_URL (the identity check reads the token versions there)',
    path: ['REDIS_URL'],
  })
  .transform((e) => ({
    ...baseConfigFrom(e),
    bodyLimits: appBodyLimits('survey-builder-api', bodyLimits({ BUNDLE_MAX_BYTES: String(e.BUNDLE_MAX_BYTES) })),
    database: postgresOptionsFrom(e),
    admins: { emails: e.SURVEY_ADMIN_EMAILS.map((email) => email.toLowerCase()) },
    imports: { apiKey: e.SURVEY_IMPORT_API_KEY },
    jwtSecret: e.JWT_SECRET,
    tokenVersions: e.REDIS_URL ? { redisUrl: e.REDIS_URL, keyPrefix: e.AUTH_KEY_PREFIX } : undefined,
  }));

export type SurveyBuilderConfig = z.infer<typeof schema>;

export function loadSurveyBuilderConfig(source: Record<string, string | undefined> = process.env): SurveyBuilderConfig {
  return loadConfig(schema, source);
}
