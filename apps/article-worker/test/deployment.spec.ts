import { describeDeployment } from '@platform/testing';
import { articleWorkerEnv } from '../src/config';

describeDeployment({
  app: 'article-worker',
  env: articleWorkerEnv,
  probes: { liveness: '/health/live', readiness: '/health/ready' },
});
