import { describeDeployment } from '@platform/testing/deployment';
import { surveyBuilderEnv } from '../src/config';

describeDeployment({
  app: 'survey-builder-api',
  env: surveyBuilderEnv,
  probes: { liveness: '/health/live', readiness: '/health/ready' },
  migrateEntry: 'apps/survey-builder-api/src/migrate.ts',
});
