/* global __ENV, console -- k6 provides these to its scripts */
// Steady traffic for k8s/test/cluster.spec.ts: GET TARGET with a bearer token at RATE requests a second for DURATION.
// Any answer but 200 (a refused or reset connection is status 0) counts in failed_requests and is printed, so a rolling
// update that drops or refuses one request fails the test.
import http from 'k6/http';
import { Counter } from 'k6/metrics';

const failed = new Counter('failed_requests');

export const options = {
  scenarios: {
    steady: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 40),
      timeUnit: '1s',
      duration: __ENV.DURATION || '60s',
      preAllocatedVUs: 20,
      maxVUs: 200,
    },
  },
  summaryTrendStats: ['med', 'p(99)', 'max'],
};

export default function () {
  const res = http.get(__ENV.TARGET, { headers: { authorization: `Bearer ${__ENV.TOKEN}` }, timeout: '10s' });
  if (res.status !== 200) {
    failed.add(1);
    console.warn(`${res.status} ${res.error || ''} ${String(res.body).slice(0, 120)}`);
  }
}
