// GET /v1/ping through race-content-api (Nest, production settings) against a bare node:http server
// answering the same JSON, measured in the same run with autocannon at the same concurrency.
// Targets: the Nest app reaches at least 0.5 of the bare server's request rate, and its p99 latency
// stays under 10 ms at 50 connections.   Run: npm run bench:ping   (services must be up: scripts/services.sh)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startEntryPoint, uniqueName, waitFor, workspaceRoot } from '@platform/testing';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

function servicesEnv(): Record<string, string> {
  const text = readFileSync(join(workspaceRoot, '.data/services.env'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
}

async function measure(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const services = servicesEnv();
  const barePort = await freePort();
  const bare = spawn(process.execPath, [join(__dirname, 'bare-ping-server.mjs'), String(barePort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => bare.stdout!.once('data', resolve));

  const nestPort = await freePort();
  const id = uniqueName('bench');
  const nest = startEntryPoint(
    'apps/race-content-api/src/main.ts',
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(nestPort),
      MONGODB_URI: services.MONGODB_URI,
      MONGODB_DB: id,
      AMQP_URL: services.AMQP_URL,
      QUEUE_PREFIX: `${id}.`,
      S3_ENDPOINT: services.S3_ENDPOINT,
      S3_BUCKET: 'bench-unused',
      S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
    },
    10 * 60_000,
  );
  try {
    await nest.waitForLine(/listening on/, 30_000);
    await waitFor(async () => ((await fetch(`http://127.0.0.1:${nestPort}/v1/ping`)).ok ? true : undefined));

    const baseline = await measure(`http://127.0.0.1:${barePort}/v1/ping`);
    const app = await measure(`http://127.0.0.1:${nestPort}/v1/ping`);
    const ratio = app.rate / baseline.rate;
    const rows = [
      ['bare node:http', baseline.rate.toFixed(0), baseline.p99.toFixed(2), ''],
      ['race-content-api (Nest)', app.rate.toFixed(0), app.p99.toFixed(2), ''],
      ['ratio Nest / bare', ratio.toFixed(2), '', `target >= 0.50: ${ratio >= 0.5 ? 'met' : 'MISSED'}`],
      ['Nest p99 at 50 connections', '', app.p99.toFixed(2), `target < 10 ms: ${app.p99 < 10 ? 'met' : 'MISSED'}`],
    ];
    console.log(`GET /v1/ping, ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
    console.log(['', 'req/s', 'p99 ms', 'target'].join('\t'));
    for (const row of rows) console.log(row.join('\t'));
  } finally {
    nest.kill('SIGTERM');
    bare.kill('SIGTERM');
    await nest.exited;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
