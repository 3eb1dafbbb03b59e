import { describeStartUp } from '@platform/testing/harness';

describeStartUp({
  entry: 'apps/recruiting-api/src/main.ts',
  required: ['JWT_SECRET', 'DATABASE_URL', 'REDIS_URL'],
  dependencyDown: {
    env: {
      JWT_SECRET: 'recruiting-test-secret-0123456789abcdef',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      REDIS_URL: 'redis://127.0.0.1:6379',
    },
    message: /^start-up failed: connect ECONNREFUSED 127\.0\.0\.1:1/,
  },
  secrets: ['JWT_SECRET'],
});
