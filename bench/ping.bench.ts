// GET /v1/ping through race-content-api (Nest, production settings) against two floors answering the same JSON, a bare
// node:http server and bare Fastify (and, to show what the framework itself costs, bare Nest on Fastify), measured in the same run with autocannon at the same concurrency.
// Targets (issue 24): the Nest app reaches at least 0.6 of bare node:http's request rate and 0.8 of bare Fastify's,
// and its p99 latency stays under 5 ms at 50 connections. Also the cost of observability (issue 22): the same app with metrics and
// tracing off, beside metrics on, metrics with 10 % of traces, and metrics with every request traced, spans exported
// over OTLP to a sink process, in the same run (aim: under 10 % fewer requests).   Run: npm run bench:ping   (services must be up: scripts/services.sh)
import autocannon from 'autocannon';
import { freePort } from '@platform/testing/harness';
import { cpuSeconds, fromEnv, report, runBench, size, startBareServer } from './bench-kit';
import { raceContentStores, startRaceContentApi } from './race-content-kit';

const CONNECTIONS = 50;
const DURATION_S = fromEnv('BENCH_DURATION_S', size(5, 1));
const WARM_UP_S = size(2, 1);
/** Every server is measured once per round, in turn: a drift of the machine over the run then weighs on all alike. */
const ROUNDS = size(3, 1);

/** One round: the request rate, p99, and the server's own CPU time per request (the client shares the two cores). */
interface Round {
  rate: number;
  p99: number;
  cpuUs: number;
}

async function measureOnce({ url, pid }: Server): Promise<Round> {
  const cpu = cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, p99: result.latency.p99, cpuUs: ((cpuSeconds(pid) - cpu) / result.requests.total) * 1e6 };
}

interface Server {
  url: string;
  pid: number;
}

/** Each server warmed up, then measured ROUNDS times round-robin; per server the median round (by rate). */
async function measureAll(servers: Server[]) {
  for (const { url } of servers) await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S });
  const rounds: Round[][] = servers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) for (const [i, server] of servers.entries()) rounds[i].push(await measureOnce(server));
  return rounds.map((runs) => runs.sort((a, b) => a.rate - b.rate)[Math.floor(runs.length / 2)]);
}

runBench('ping', async ({ scope, services }) => {
  const bare = async (script: string): Promise<Server> => {
    const port = await freePort();
    return { url: `http://127.0.0.1:${port}/v1/ping`, pid: await startBareServer(scope, script, [String(port)]) };
  };
  const floors = [await bare('bare-ping-server.mjs'), await bare('bare-fastify-ping-server.mjs'), await bare('bare-nest-ping-server.mjs')];
  const sinkPort = await freePort();
  await startBareServer(scope, 'otlp-sink.mjs', [String(sinkPort)]);
  const stores = raceContentStores(scope);
  const production = { NODE_ENV: 'production', LOG_LEVEL: 'info' };
  const tracing = (sampler: string, ratio = '1') => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`,
    OTEL_TRACES_SAMPLER: sampler,
    OTEL_TRACES_SAMPLER_ARG: ratio,
  });
  // Each variant is the same app on the same stores; only its observability settings differ.
  const variants = [
    { name: 'metrics and tracing off', env: { METRICS_ENABLED: 'false' } },
    { name: 'metrics on', env: { METRICS_ENABLED: 'true' } },
    {
      name: 'metrics on, 10 % of traces (the cluster setting)',
      env: { METRICS_ENABLED: 'true', ...tracing('parentbased_traceidratio', '0.1') },
    },
    { name: 'metrics on, every request traced', env: { METRICS_ENABLED: 'true', ...tracing('always_on') } },
  ];
  const apps: Server[] = [];
  for (const variant of variants) {
    const port = await freePort();
    const app = await startRaceContentApi(scope, services, stores, port, { ...production, ...variant.env });
    apps.push({ url: `http://127.0.0.1:${port}/v1/ping`, pid: app.pid });
  }

  const [baseline, bareFastify, bareNest, ...measured] = await measureAll([...floors, ...apps]);
  const [app, metricsOn, sampled, everyTrace] = measured;
  const exports = Number(await (await fetch(`http://127.0.0.1:${sinkPort}/exports`)).text());
  if (exports === 0) throw new Error('the traced apps exported no spans');
  const scraped = await (await fetch(apps[1].url.replace('/v1/ping', '/metrics'))).text();
  if (!scraped.includes('http_route="/v1/ping"')) throw new Error('the measured app did not count /v1/ping');
  console.log(`GET /v1/ping, ${CONNECTIONS} connections, ${DURATION_S} s each, the median of ${ROUNDS} rounds taken in turn\n`);
  const row = (name: string, { rate, p99, cpuUs }: Round) =>
    console.log([name, rate.toFixed(0), p99.toFixed(2), cpuUs.toFixed(1)].join('\t'));
  console.log(['', 'req/s', 'p99 ms', 'server CPU µs/request'].join('\t'));
  row('bare node:http', baseline);
  row('bare Fastify', bareFastify);
  row('bare Nest on Fastify', bareNest);
  variants.forEach((variant, i) => row(`race-content-api, ${variant.name}`, measured[i]));
  console.log(`(${exports} OTLP exports received)`);
  report({
    figure: 'GET /v1/ping, Nest req/s (floor: bare node:http)',
    value: app.rate,
    unit: 'req/s',
    floor: baseline.rate,
    targets: [{ op: '>=', limit: 0.6, ofFloor: true }],
  });
  report({
    figure: 'GET /v1/ping, Nest req/s (floor: bare Fastify)',
    value: app.rate,
    unit: 'req/s',
    floor: bareFastify.rate,
    targets: [{ op: '>=', limit: 0.8, ofFloor: true }],
  });
  // What the framework itself makes of the 0.8 target: Nest with nothing of the platform's, against bare Fastify. An app
  // on Nest cannot do less per request than Nest does, so where this line misses, the app's line above cannot meet it.
  report({
    figure: 'GET /v1/ping, bare Nest on Fastify req/s, the framework alone against the same target (floor: bare Fastify)',
    value: bareNest.rate,
    unit: 'req/s',
    floor: bareFastify.rate,
    targets: [{ op: '>=', limit: 0.8, ofFloor: true }],
  });
  report({
    figure: 'GET /v1/ping, Nest req/s (floor: bare Nest on Fastify, the framework alone; no target)',
    value: app.rate,
    unit: 'req/s',
    floor: bareNest.rate,
    targets: [],
  });
  report({
    figure: 'GET /v1/ping, server CPU µs per request (floor: bare node:http; no target, the client shares the cores)',
    value: app.cpuUs,
    unit: 'µs',
    floor: baseline.cpuUs,
    targets: [],
  });
  report({
    figure: `GET /v1/ping, Nest p99 at ${CONNECTIONS} connections`,
    value: app.p99,
    unit: 'ms',
    floor: baseline.p99,
    targets: [{ op: '<', limit: 5 }],
  });
  for (const [label, figures] of [
    ['metrics on', metricsOn],
    ['metrics on and 10 % of traces', sampled],
    ['metrics on and every request traced', everyTrace],
  ] as const) {
    report({
      figure: `GET /v1/ping with ${label}, req/s (floor: the same app with both off)`,
      value: figures.rate,
      unit: 'req/s',
      floor: app.rate,
      targets: [{ op: '>=', limit: 0.9, ofFloor: true }],
    });
  }
});
