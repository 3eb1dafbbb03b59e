import { describeStartUp, testServices } from '@platform/testing/harness';

describeStartUp({
  entry: 'apps/blog-worker/src/main.ts',
  required: ['MONGODB_URI', 'AMQP_URL', 'S3_BUCKET'],
  dependencyDown: {
    env: {
      MONGODB_URI: 'mongodb://127.0.0.1:1',
      AMQP_URL: testServices.amqpUrl,
      S3_ENDPOINT: testServices.s3.endpoint,
      S3_BUCKET: 'unused-bucket',
      S3_ACCESS_KEY_ID: testServices.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: testServices.s3.secretAccessKey,
    },
    message: /^start-up failed: MongoDB did not answer/,
  },
});
