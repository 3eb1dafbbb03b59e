import { z } from 'zod';
import { postgresEnv, postgresOptionsFrom } from '@platform/persistence';
import { APP_LIMIT_DEFAULTS, appBodyLimits, APPS, bodyLimits } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig } from '@platform/runtime';

export const surveyBuilderEnv = baseEnvSchema
  .extend({
    PORT: env.port(APPS['survey-builder-api'].port),
    /** Administrators may view and edit every survey and delete library entries (spec 5). */
    SURVEY_ADMIN_EMAILS: env.list(),
    /** When set, import routes also accept this key in x-api-key. */
    SURVEY_IMPORT_API_KEY: env.secret(16).optional(),
    /** The platform's HS256 secret (recruiting signs access tokens with it): the edge's identity check verifies them. */
    JWT_SECRET: env.secret(32).optional(),
    /** The largest external bundle (POST /api/imports/survey-platform/bundle); every other body takes the 1 MiB default. */
    BUNDLE_MAX_BYTES: env.positiveInt(APP_LIMIT_DEFAULTS.BUNDLE_MAX_BYTES),
  })
  .extend(postgresEnv.shape);

const schema = surveyBuilderEnv.transform((e) => ({
  ...baseConfigFrom(e),
  bodyLimits: appBodyLimits('survey-builder-api', bodyLimits({ BUNDLE_MAX_BYTES: String(e.BUNDLE_MAX_BYTES) })),
  database: postgresOptionsFrom(e),
  admins: { emails: e.SURVEY_ADMIN_EMAILS.map((email) => email.toLowerCase()) },
  imports: { apiKey: e.SURVEY_IMPORT_API_KEY },
  jwtSecret: e.JWT_SECRET,
}));

export type SurveyBuilderConfig = z.infer<typeof schema>;

export function loadSurveyBuilderConfig(source: Record<string, string | undefined> = process.env): SurveyBuilderConfig {
  return loadConfig(schema, source);
}
