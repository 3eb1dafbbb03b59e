// ai-webhook: wf2des phase-signal callbacks (POST /api/v1/webhooks/ai-status) at 50 concurrent connections,
// against the app running as its own process (production settings) on PostgreSQL, beside two floors measured in
// the same run, on the same database (the bench's own, migrated and seeded once):
//   - the true floor (bench/bare-webhook-server.mjs given the database): node:http doing the same SQL per signal
//     through `pg` the straightforward way: one statement per signal (the single-row form of the app's guarded
//     UPDATE with its audit row; a second one for the ignored audit row) on a pool of the app's size, no batching;
//   - the same server without a database, answering the same acknowledgement: what HTTP alone costs.
// Two runs each, the app and the SQL floor on jobs of their own:
//   applied:  every request moves a different job's phase (one guarded UPDATE that also writes the audit row)
//   ignored:  every request repeats a signal already applied (the guard fails; the row is read to say why, and
//             the ignored callback is audited)
// Targets: at least 1,000 callbacks per second with p99 under 50 ms.
// Run: npm run bench:webhook   (services must be up: scripts/services.sh)
import autocannon from 'autocannon';
import { Client } from 'pg';
import { migrateDatabase } from '@platform/persistence';
import { freePort } from '@platform/testing/harness';
import { AI_JOBS_DATABASE } from '../apps/ai-webhook/src/database/database';
import { answers, fromEnv, report, runBench, size, startApp, startBareServer } from './bench-kit';

const CONNECTIONS = 50;
const DURATION_S = fromEnv('BENCH_DURATION_S', size(10, 1));
const WARM_UP_S = size(2, 1);
/** Callbacks per second no run reaches on this machine (the app made 9k/s on a quiet one): jobs seeded per second of run. */
const RATE_BOUND = 15_000;
/**
 * Seeded jobs, each range SPAN apart: the app's measured runs from bench-1 and their warm-ups from bench-(1 + SPAN);
 * the SQL floor's from bench-(1 + 2 SPAN) and bench-(1 + 3 SPAN).
 */
const JOBS = size(RATE_BOUND * DURATION_S, 20_000);
const WARM_UP_JOBS = size(RATE_BOUND * WARM_UP_S, 10_000);
const SPAN = 10_000_000;
/** Connections of the app's pool: the 50 callbacks in flight share them (k8s configmap DATABASE_POOL_SIZE). */
const POOL_SIZE = fromEnv('BENCH_POOL_SIZE', 10);
const KEY = 'bench-webhook-key-0123456789abcdef';
const NONCE = 'bench-nonce';
const PATH = '/api/v1/webhooks/ai-status';

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

/** A warm-up, then the measured run; `seeded`: the server applies the signals, so each needs a job of its own. */
async function measure(url: string, first: number, repeat: boolean, seeded = true) {
  await phaseSignals(url, first + SPAN, repeat, WARM_UP_S); // warm-up, on jobs the measured run does not use
  const result = await phaseSignals(url, first, repeat, DURATION_S);
  if (seeded && !repeat && result.requests.total > JOBS) throw new Error(`${url}: more requests than seeded jobs: raise RATE_BOUND`);
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

async function seedJobs(url: string): Promise<void> {
  const db = new Client({ connectionString: url, options: '-c search_path=ai_jobs', application_name: 'bench:seed' });
  await db.connect();
  try {
    await db.query(`INSERT INTO organization (id) VALUES (1)`);
    await db.query(`INSERT INTO project (id, organization_id) VALUES (1, 1)`);
    // Jobs for the measured runs of the app and the floor and for their warm-ups.
    for (const [range, start] of [1, 1 + SPAN, 1 + 2 * SPAN, 1 + 3 * SPAN].entries()) {
      await db.query(
        `INSERT INTO ai_job (job_id, organization_id, project_id, kind, nonce) SELECT 'bench-' || n, 1, 1, 'wf2des', $2 FROM generate_series($1::int, $1::int + $3 - 1) n`,
        [start, NONCE, range % 2 ? WARM_UP_JOBS : JOBS],
      );
    }
    await db.query(`INSERT INTO ai_job_attempt (job_id, attempt, nonce) SELECT job_id, 1, nonce FROM ai_job`);
    await db.query(`ANALYZE`);
  } finally {
    await db.end();
  }
}

const SQL_FLOOR_FIRST_JOB = 1 + 2 * SPAN;

runBench('webhook', async ({ scope, services }) => {
  const database = await scope.database();
  await migrateDatabase(database.url, AI_JOBS_DATABASE);
  await seedJobs(database.url);
  const barePort = await freePort();
  await startBareServer(scope, 'bare-webhook-server.mjs', [String(barePort), KEY]);
  const sqlPort = await freePort();
  await startBareServer(scope, 'bare-webhook-server.mjs', [String(sqlPort), KEY, database.url, String(POOL_SIZE)]);

  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    REDIS_URL: services.REDIS_URL,
    S3_ENDPOINT: services.S3_ENDPOINT,
    S3_BUCKET: scope.bucket(),
    S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
    AI_WEBHOOK_API_KEY: KEY,
    IDP_ISSUER: 'http://127.0.0.1:1/idp',
    IDP_JWKS_URL: 'http://127.0.0.1:1/jwks',
    IDP_AUDIENCE: 'ai-webhook',
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  };
  await startApp(scope, 'apps/ai-webhook/src/main.ts', env, answers(`http://127.0.0.1:${port}/health/live`), 30_000);
  const bare = await measure(`http://127.0.0.1:${barePort}`, 1, false, false);
  const sqlApplied = await measure(`http://127.0.0.1:${sqlPort}`, SQL_FLOOR_FIRST_JOB, false);
  const sqlIgnored = await measure(`http://127.0.0.1:${sqlPort}`, SQL_FLOOR_FIRST_JOB, true);
  const applied = await measure(`http://127.0.0.1:${port}`, 1, false);
  const ignored = await measure(`http://127.0.0.1:${port}`, 1, true);
  console.log(
    `POST ${PATH} wf2des parse_started, ${CONNECTIONS} connections, ${DURATION_S} s each, pool ${POOL_SIZE} (app and SQL floor)\n`,
  );
  console.log(['', 'req/s', 'p99 ms'].join('\t'));
  const rows = [
    ['bare node:http, no SQL', bare],
    ['node:http + pg, one statement per signal, applied (floor)', sqlApplied],
    ['node:http + pg, one statement per signal, ignored (floor)', sqlIgnored],
    ['ai-webhook, applied', applied],
    ['ai-webhook, ignored (repeat)', ignored],
  ] as const;
  for (const [what, run] of rows) console.log([what, run.rate.toFixed(0), run.p99.toFixed(2)].join('\t'));
  const runs = [
    ['ai-webhook, applied', applied, sqlApplied],
    ['ai-webhook, ignored (repeat)', ignored, sqlIgnored],
  ] as const;
  for (const [what, run, floor] of runs) {
    report({
      figure: `${what}, req/s (floor: node:http + the same SQL through pg, one statement per signal, pool ${POOL_SIZE})`,
      value: run.rate,
      unit: 'req/s',
      floor: floor.rate,
      targets: [{ op: '>=', limit: 1000 }],
    });
    report({
      figure: `${what}, req/s (floor: bare node:http, no SQL)`,
      value: run.rate,
      unit: 'req/s',
      floor: bare.rate,
      targets: [],
    });
    report({
      figure: `${what}, p99 at ${CONNECTIONS} connections (floor: node:http + the same SQL through pg)`,
      value: run.p99,
      unit: 'ms',
      floor: floor.p99,
      targets: [{ op: '<', limit: 50 }],
    });
  }
});
