import { describeDeployment } from '@platform/testing/deployment';
import { raceContentEnv } from '../src/config';

describeDeployment({
  app: 'race-content-api',
  env: raceContentEnv,
  probes: { liveness: '/v1/ping', readiness: '/v1/ping/deep' },
});
