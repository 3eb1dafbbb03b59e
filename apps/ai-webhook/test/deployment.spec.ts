import { describeDeployment } from '@platform/testing/deployment';
import { aiWebhookEnv } from '../src/config';

describeDeployment({
  app: 'ai-webhook',
  env: aiWebhookEnv,
  probes: { liveness: '/health/live', readiness: '/health/ready' },
  migrateEntry: 'apps/ai-webhook/src/migrate.ts',
});
