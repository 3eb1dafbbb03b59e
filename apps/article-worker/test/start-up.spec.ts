import { describeStartUp, testServices } from '@platform/testing/harness';

describeStartUp({
  entry: 'apps/article-worker/src/main.ts',
  required: ['MONGODB_URI', 'AMQP_URL'],
  dependencyDown: {
    env: { MONGODB_URI: testServices.mongoUri, MONGODB_DB: 'startup_probe', AMQP_URL: 'amqp://guest:guest@127.0.0.1:1' },
    message: /^start-up failed: RabbitMQ at amqp:\/\/\*\*\*@127\.0\.0\.1:1 did not answer/,
  },
});
