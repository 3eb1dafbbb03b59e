// ai-webhook: wf2des phase-signal callbacks (POST /api/v1/webhooks/ai-status) at 50 concurrent connections,
// against the app running as its own process (production settings) on PostgreSQL, with a bare node:http server
// answering the same acknowledgement measured in the same run as the floor.
//   applied:  every request moves a different job's phase (one guarded UPDATE that also writes the audit row)
//   ignored:  every request repeats a signal already applied (the guard fails; the row is read to say why, and
//             the ignored callback is audited)
// Targets: at least 1,000 callbacks per second with p99 under 50 ms.
// Run: npm run bench:webhook   (services must be up: scripts/services.sh)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { migrateDatabase } from '@platform/persistence';
import { createTestDatabase, freePort, startEntryPoint, uniqueName, waitFor, workspaceRoot } from '@platform/testing';
import { AI_JOBS_DATABASE } from '../apps/ai-webhook/src/database';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Connections of the app's pool: the 50 callbacks in flight share them (k8s configmap DATABASE_POOL_SIZE). */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const KEY = 'bench-webhook-key-0123456789abcdef';
const NONCE = 'bench-nonce';
const PATH = '/api/v1/webhooks/ai-status';

function servicesEnv(): Record<string, string> {
  const text = readFileSync(join(workspaceRoot, '.data/services.env'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
}

/** Callbacks for job ids bench-1, bench-2, …, each connection taking the next id (`repeat` keeps sending job 1). */
function phaseSignals(url: string, first: number, repeat: boolean, duration: number) {
  let next = first;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: PATH,
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        setupRequest: (request) => {
          const jobId = `bench-${repeat ? first : next++}`;
          return { ...request, body: JSON.stringify({ type: 'wf2des', job_id: jobId, attempt: 1, nonce: NONCE, status: 'parse_started' }) };
        },
      },
    ],
  });
}

async function measure(url: string, first: number, repeat: boolean) {
  await phaseSignals(url, first + 100_000, repeat, 2); // warm-up, on jobs the measured run does not use
  const result = await phaseSignals(url, first, repeat, DURATION_S);
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

async function seedJobs(url: string): Promise<void> {
  const db = new Client({ connectionString: url, options: '-c search_path=ai_jobs' });
  await db.connect();
  try {
    await db.query(`INSERT INTO organization (id) VALUES (1)`);
    await db.query(`INSERT INTO project (id, organization_id) VALUES (1, 1)`);
    // Jobs for the measured runs (1 …) and their warm-ups (100,001 …).
    for (const start of [1, 100_001]) {
      await db.query(
        `INSERT INTO ai_job (job_id, organization_id, project_id, kind, nonce) SELECT 'bench-' || n, 1, 1, 'wf2des', $2 FROM generate_series($1::int, $1::int + $3 - 1) n`,
        [start, NONCE, start === 1 ? 80_000 : 20_000],
      );
    }
    await db.query(`INSERT INTO ai_job_attempt (job_id, attempt, nonce) SELECT job_id, 1, nonce FROM ai_job`);
    await db.query(`ANALYZE`);
  } finally {
    await db.end();
  }
}

async function main() {
  const services = servicesEnv();
  const database = await createTestDatabase('bench_webhook');
  await migrateDatabase(database.url, AI_JOBS_DATABASE);
  await seedJobs(database.url);
  const barePort = await freePort();
  const bare = spawn(process.execPath, [join(__dirname, 'bare-webhook-server.mjs'), String(barePort), KEY], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => bare.stdout!.once('data', resolve));

  const port = await freePort();
  const app = startEntryPoint(
    'apps/ai-webhook/src/main.ts',
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      REDIS_URL: services.REDIS_URL,
      S3_ENDPOINT: services.S3_ENDPOINT,
      S3_BUCKET: uniqueName('bench').replace(/_/g, '-'),
      S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
      AI_WEBHOOK_API_KEY: KEY,
      IDP_ISSUER: 'http://127.0.0.1:1/idp',
      IDP_JWKS_URL: 'http://127.0.0.1:1/jwks',
      IDP_AUDIENCE: 'ai-webhook',
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
    10 * 60_000,
  );
  try {
    await waitFor(async () => ((await fetch(`http://127.0.0.1:${port}/health/live`)).ok ? true : undefined), { timeoutMs: 30_000 });
    const baseline = await measure(`http://127.0.0.1:${barePort}`, 1, false);
    const applied = await measure(`http://127.0.0.1:${port}`, 1, false);
    if (applied.total > 80_000) throw new Error('more requests than seeded jobs: raise JOBS');
    const ignored = await measure(`http://127.0.0.1:${port}`, 1, true);
    const verdict = (r: { rate: number; p99: number }) =>
      `>= 1,000/s: ${r.rate >= 1000 ? 'met' : 'MISSED'}; p99 < 50 ms: ${r.p99 < 50 ? 'met' : 'MISSED'}`;
    console.log(`POST ${PATH} wf2des parse_started, ${CONNECTIONS} connections, ${DURATION_S} s each, app pool ${POOL_SIZE}\n`);
    console.log(['', 'req/s', 'p99 ms', 'target'].join('\t'));
    console.log(['bare node:http (floor)', baseline.rate.toFixed(0), baseline.p99.toFixed(2), ''].join('\t'));
    console.log(['ai-webhook, applied', applied.rate.toFixed(0), applied.p99.toFixed(2), verdict(applied)].join('\t'));
    console.log(['ai-webhook, ignored (repeat)', ignored.rate.toFixed(0), ignored.p99.toFixed(2), verdict(ignored)].join('\t'));
  } finally {
    app.kill('SIGTERM');
    bare.kill('SIGTERM');
    await app.exited;
    await database.drop();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
