import { describeStartUp, testServices } from '@platform/testing/harness';

describeStartUp({
  entry: 'apps/ai-webhook/src/main.ts',
  required: [
    'AI_WEBHOOK_API_KEY',
    'IDP_ISSUER',
    'IDP_JWKS_URL',
    'IDP_AUDIENCE',
    'DATABASE_URL',
    'REDIS_URL',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ],
  dependencyDown: {
    env: {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      REDIS_URL: testServices.redisUrl,
      S3_ENDPOINT: testServices.s3.endpoint,
      S3_BUCKET: 'unused-bucket',
      S3_ACCESS_KEY_ID: testServices.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: testServices.s3.secretAccessKey,
      AI_WEBHOOK_API_KEY: 'start-up-key-0123456789',
      IDP_ISSUER: 'http://127.0.0.1:1/idp',
      IDP_JWKS_URL: 'http://127.0.0.1:1/jwks',
      IDP_AUDIENCE: 'ai-webhook',
    },
    message: /^start-up failed: connect ECONNREFUSED 127\.0\.0\.1:1/,
  },
  secrets: ['AI_WEBHOOK_API_KEY'],
});
