import { z } from 'zod';
import { postgresEnv, postgresOptionsFrom, redisEnv, redisOptionsFrom } from '@platform/persistence';
import { appBodyLimits, APPS } from '@platform/routing';
import { baseConfigFrom, baseEnvSchema, env, loadConfig, refuseWeakSecrets } from '@platform/runtime';
import { storageEnv, storageOptionsFrom } from '@platform/storage';

export const aiWebhookEnv = baseEnvSchema
  .extend({
    PORT: env.port(APPS['ai-webhook'].port),
    /** The key AI workers send in X-API-Key; compared in constant time. */
    AI_WEBHOOK_API_KEY: env.secret(16),
    /** The identity provider whose JWTs the event-run status read accepts: its issuer, JWKS and our audience. */
    IDP_ISSUER: env.url(['http', 'https']),
    IDP_JWKS_URL: env.url(['http', 'https']),
    IDP_AUDIENCE: env.text(),
    /** Where project access is looked up: the local membership table, or the internal data service over HTTP. */
    PROJECT_ACCESS: z.enum(['membership', 'data-service']).default('membership'),
    DATA_SERVICE_URL: env.url(['http', 'https']).optional(),
    DATA_SERVICE_TOKEN: env.secret(16).optional(),
    DATA_SERVICE_TIMEOUT_MS: env.positiveInt(2000),
  })
  .extend(postgresEnv.shape)
  .extend(redisEnv.shape)
  .extend(storageEnv.shape);

const schema = aiWebhookEnv
  .superRefine(refuseWeakSecrets({ AI_WEBHOOK_API_KEY: 'api-key', DATA_SERVICE_TOKEN: 'credential', S3_SECRET_ACCESS_KEY: 'credential' }))
  .refine((e) => e.PROJECT_ACCESS !== 'data-service' || (e.DATA_SERVICE_URL && e.DATA_SERVICE_TOKEN), {
    error: 'PROJECT_ACCESS=data-service needs DATA_SERVICE_URL and DATA_SERVICE_TOKEN',
    path: ['DATA_SERVICE_URL'],
  })
  .transform((e) => ({
    ...baseConfigFrom(e),
    bodyLimits: appBodyLimits('ai-webhook'),
    database: postgresOptionsFrom(e),
    redis: redisOptionsFrom(e),
    storage: storageOptionsFrom(e),
    webhook: { apiKey: e.AI_WEBHOOK_API_KEY },
    idp: { issuer: e.IDP_ISSUER, jwksUrl: e.IDP_JWKS_URL, audience: e.IDP_AUDIENCE },
    projectAccess:
      e.PROJECT_ACCESS === 'data-service'
        ? { kind: 'data-service' as const, url: e.DATA_SERVICE_URL!, token: e.DATA_SERVICE_TOKEN!, timeoutMs: e.DATA_SERVICE_TIMEOUT_MS }
        : { kind: 'membership' as const },
  }));

export type AiWebhookConfig = z.infer<typeof schema>;
export type ProjectAccessConfig = AiWebhookConfig['projectAccess'];
export type IdpConfig = AiWebhookConfig['idp'];

export function loadAiWebhookConfig(source: Record<string, string | undefined> = process.env): AiWebhookConfig {
  return loadConfig(schema, source);
}

/** The operator command's settings (scripts/ai-jobs.sh sets them for the local platform). */
const cliSchema = z
  .object({ DATABASE_URL: env.url(['postgres', 'postgresql']), S3_BUCKET: storageEnv.shape.S3_BUCKET })
  .transform((e) => ({ databaseUrl: e.DATABASE_URL, bucket: e.S3_BUCKET }));

export function loadAiJobsCliConfig(source: Record<string, string | undefined> = process.env) {
  return loadConfig(cliSchema, source);
}
