import { describeStartUp } from '@platform/testing/harness';

describeStartUp({
  entry: 'apps/survey-builder-api/src/main.ts',
  required: ['DATABASE_URL'],
  dependencyDown: {
    env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' },
    message: /^start-up failed: connect ECONNREFUSED 127\.0\.0\.1:1/,
  },
  secrets: ['SURVEY_IMPORT_API_KEY'],
});
