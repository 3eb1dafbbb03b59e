import { z } from 'zod';
import { postgresEnv } from '@platform/persistence';
import { APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig } from '@platform/runtime';

export const surveyBuilderEnv = baseEnvSchema.extend({ PORT: env.port(APPS['survey-builder-api'].port) }).extend(postgresEnv.shape);

const schema = surveyBuilderEnv.transform((e) => ({
  ...baseConfigFrom(e),
  database: { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE },
}));

export type SurveyBuilderConfig = z.infer<typeof schema>;

export function loadSurveyBuilderConfig(source: Record<string, string | undefined> = process.env): SurveyBuilderConfig {
  return loadConfig(schema, source);
}
