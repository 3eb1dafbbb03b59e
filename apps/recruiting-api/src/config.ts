import { z } from 'zod';
import { postgresEnv, postgresOptionsFrom } from '@platform/persistence';
import { APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig } from '@platform/runtime';

export const recruitingEnv = baseEnvSchema
  .extend({
    PORT: env.port(APPS['recruiting-api'].port),
    /** HS256 secret of the access and refresh tokens this service issues. */
    JWT_SECRET: env.secret(32),
  })
  .extend(postgresEnv.shape);

const schema = recruitingEnv.transform((e) => ({
  ...baseConfigFrom(e),
  database: postgresOptionsFrom(e),
  jwt: { secret: e.JWT_SECRET },
}));

export type RecruitingConfig = z.infer<typeof schema>;

export function loadRecruitingConfig(source: Record<string, string | undefined> = process.env): RecruitingConfig {
  return loadConfig(schema, source);
}
