import { describeDeployment } from '@platform/testing/deployment';
import { articleWorkerEnv } from '../src/config';

describeDeployment({
  app: 'article-worker',
  env: articleWorkerEnv,
  probes: { liveness: '/health/live', readiness: '/health/ready' },
});
