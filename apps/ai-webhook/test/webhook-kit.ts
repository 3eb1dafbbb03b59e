import { migrateDatabase } from '@platform/persistence';
import type { PlatformApp } from '@platform/runtime';
import { ObjectStorage } from '@platform/storage';
import { startTestApp, onNewScope, TestScope, testServices, testStorageEnv } from '@platform/testing/harness';
import { Redis } from 'ioredis';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { AiJobsOperations, type RowKind } from '../src/cli/ai-jobs-operations';
import { loadAiWebhookConfig } from '../src/config';
import { AI_JOBS_DATABASE } from '../src/database/database';
import { AiJobsDb } from '../src/database/ai-jobs-db';
import { AI_WEBHOOK_HTTP } from '../src/http-surface';
import { type JwksIssuer, startJwksIssuer } from './jwks-issuer';

export const API_KEY = 'test-webhook-key-0123456789abcdef';

export interface CreatedJob {
  kind: string;
  organization_id: number;
  project_id: number;
  job_id: string;
  attempt: number;
  nonce: string;
  manifest_prefix: string;
}

/**
 * The app on its own database, bucket and Redis key space, with a JWKS issuer standing in for the dev IdP
 * (jwks-issuer.ts). `ops` creates rows as the operator command does; `sql` reads them back.
 */
export async function startWebhook(env: Record<string, string> = {}) {
  return onNewScope('aijobs', (scope) => startOnScope(scope, env));
}

async function startOnScope(scope: TestScope, env: Record<string, string>) {
  const database = await scope.database();
  await migrateDatabase(database.url, AI_JOBS_DATABASE);
  const bucket = scope.bucket();
  const idp: JwksIssuer = scope.track('the JWKS issuer', await startJwksIssuer());
  const config = loadAiWebhookConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    DATABASE_URL: database.url,
    REDIS_URL: testServices.redisUrl,
    ...testStorageEnv(bucket),
    AI_WEBHOOK_API_KEY: API_KEY,
    IDP_ISSUER: idp.issuer,
    IDP_JWKS_URL: idp.jwksUrl,
    IDP_AUDIENCE: idp.audience,
    ...env,
  });
  const storage = new ObjectStorage({ ...testServices.s3, bucket, forcePathStyle: true });
  scope.defer('the S3 client', () => storage.destroy());
  const redis = new Redis(testServices.redisUrl);
  scope.defer('the Redis client', () => redis.disconnect());
  const app: PlatformApp = scope.track('ai-webhook', await startTestApp(AppModule.register(config), AI_WEBHOOK_HTTP));
  const pool = scope.pool({ connectionString: database.url, max: 2, options: '-c search_path=ai_jobs' });
  const ops = new AiJobsOperations(app.get(AiJobsDb), bucket);
  return {
    app,
    bucket,
    idp,
    redis,
    storage,
    ops,
    scope,
    http: () => request(app.getHttpServer()),
    /** POST /api/v1/webhooks/ai-status with the key. */
    post: (body: object, key = API_KEY) => request(app.getHttpServer()).post('/api/v1/webhooks/ai-status').set('x-api-key', key).send(body),
    createJob: (kind: RowKind, org = 1, project = 10) => ops.create(kind, org, project) as Promise<CreatedJob>,
    createRecord: async (kind: RowKind, org = 1, project = 10) => (await ops.create(kind, org, project)) as { record_id: string },
    /** Writes a manifest at the job's key (or any key). */
    putManifest: (key: string, body: string | object) =>
      storage.put(key, Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), 'application/json'),
    query: async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[],
    /** The file's whole teardown: the app and clients, then the database and the bucket. */
    close: () => scope.close(),
  };
}

export type Webhook = Awaited<ReturnType<typeof startWebhook>>;

/** The manifest key of a created job (its prefix without the bucket). */
export const keyOf = (job: CreatedJob) => `${job.manifest_prefix.slice(job.manifest_prefix.indexOf('/') + 1)}manifest.json`;
export const urlOf = (job: CreatedJob) => `s3://${job.manifest_prefix}manifest.json`;

/** A manifest v1 for the job with one row effect. */
export function manifestFor(job: CreatedJob, effect: Record<string, unknown>, overrides: object = {}) {
  return {
    manifest_schema_version: 1,
    job_id: job.job_id,
    attempt: job.attempt,
    nonce: job.nonce,
    row_effects: [{ kind: job.kind, job_id: job.job_id, ...effect }],
    ...overrides,
  };
}
