import { describeDeployment } from '@platform/testing';
import { recruitingEnv } from '../src/config';

describeDeployment({
  app: 'recruiting-api',
  env: recruitingEnv,
  probes: { liveness: '/health/live', readiness: '/health/ready' },
  migrateEntry: 'apps/recruiting-api/src/migrate.ts',
});
