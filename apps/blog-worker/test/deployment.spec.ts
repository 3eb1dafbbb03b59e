import { describeDeployment } from '@platform/testing/deployment';
import { blogWorkerEnv } from '../src/config';

describeDeployment({
  app: 'blog-worker',
  env: blogWorkerEnv,
  probes: { liveness: '/health/live', readiness: '/health/ready' },
});
