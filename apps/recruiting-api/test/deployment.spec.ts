import { describeDeployment } from '@platform/testing/deployment';
import { recruitingEnv } from '../src/config';

describeDeployment({
  app: 'recruiting-api',
  env: recruitingEnv,
  probes: { liveness: '/health/live', readiness: '/health/ready' },
  migrateEntry: 'apps/recruiting-api/src/migrate.ts',
});
