// GET /v1/ping through race-content-api (Nest, production settings) against a bare node:http server
// answering the same JSON, measured in the same run with autocannon at the same concurrency.
// Targets: the Nest app reaches at least 0.5 of the bare server's request rate, and its p99 latency
// stays under 10 ms at 50 connections.   Run: npm run bench:ping   (services must be up: scripts/services.sh)
import autocannon from 'autocannon';
import { freePort } from '@platform/testing';
import { report, runBench, size, startBareServer } from './bench-kit';
import { raceContentStores, startRaceContentApi } from './race-content-kit';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? size(10, 1));
const WARM_UP_S = size(2, 1);

async function measure(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, p99: result.latency.p99 };
}

runBench('ping', async ({ scope, services }) => {
  const barePort = await freePort();
  await startBareServer(scope, 'bare-ping-server.mjs', [String(barePort)]);
  const nestPort = await freePort();
  await startRaceContentApi(scope, services, raceContentStores(scope), nestPort, { NODE_ENV: 'production', LOG_LEVEL: 'info' });

  const baseline = await measure(`http://127.0.0.1:${barePort}/v1/ping`);
  const app = await measure(`http://127.0.0.1:${nestPort}/v1/ping`);
  console.log(`GET /v1/ping, ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
  console.log(['', 'req/s', 'p99 ms'].join('\t'));
  console.log(['bare node:http', baseline.rate.toFixed(0), baseline.p99.toFixed(2)].join('\t'));
  console.log(['race-content-api (Nest)', app.rate.toFixed(0), app.p99.toFixed(2)].join('\t'));
  report({
    figure: 'GET /v1/ping, Nest req/s (floor: bare node:http)',
    value: app.rate,
    unit: 'req/s',
    floor: baseline.rate,
    targets: [{ op: '>=', limit: 0.5, ofFloor: true }],
  });
  report({
    figure: `GET /v1/ping, Nest p99 at ${CONNECTIONS} connections`,
    value: app.p99,
    unit: 'ms',
    floor: baseline.p99,
    targets: [{ op: '<', limit: 10 }],
  });
});
