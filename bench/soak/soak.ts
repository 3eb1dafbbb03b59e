// The soak: the whole platform as deployed, two replicas of every app behind the local edge (REPLICAS=2 bash
// scripts/up.sh, on stores of the soak's own), driven by k6 with mixed traffic for several minutes while one replica of
// each app is stopped and started again. Afterwards a checker (soak-check.ts) proves, each over traffic that happened:
// every route had its traffic, zero 5xx, every 202 job in its final state, no slot booked twice (no overlapping hours
// of one interviewer), every import's counts exact, version numbers dense.
//
//   npm run soak                 (SOAK_DURATION, default 5m; SOAK_VUS, default 20)
//   npm run soak -- --smoke      (30 s, the same traffic and checks; scripts/test.sh runs it in CI)
//
// HTTP apps are stopped with SIGTERM, as Kubernetes stops a pod (they drain: the edge must route around them); the
// workers with SIGKILL (their jobs must come back from the broker). up.sh starts each again. The schedule follows the
// platform's pace (schedule.ts): the stops are spread over SOAK_DURATION, the next never before the previous replica
// is ready again, and the traffic runs on until a share of the duration after the last one is ready again; a replica
// not ready within RESTART_BOUND_MS fails the soak. k6's own duration is only that bound.
// Prints each route's throughput and latency percentiles, the kills, and the checker's verdict; writes them to
// .data/soak/report.json.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { waitFor, workspaceRoot } from '@platform/testing/harness';
import { MongoClient } from 'mongodb';
import { RECRUITING_IMPORT_QUEUE } from '../../apps/recruiting-api/src/recruiting.queues';
import { memoryMb, runBench, SMOKE } from '../bench-kit';
import { judgeSoak, routeFigures } from './soak-check';
import { readFacts } from './soak-facts';
import { type Plan, startTrafficControl, stopAt, trafficBoundMs, trafficEndAt } from './schedule';
import { seed, type SeedData, seedWebhookJobs, WEBHOOK_JOBS, WEBHOOK_NONCE } from './soak-seed';

const DURATION = process.env.SOAK_DURATION ?? (SMOKE ? '30s' : '5m');
const VUS = Number(process.env.SOAK_VUS ?? (SMOKE ? 8 : 20));
const EDGE = 'http://127.0.0.1:8080';
const APPS = ['recruiting-api', 'survey-builder-api', 'race-content-api', 'ai-webhook', 'article-worker', 'blog-worker'];
const WORKERS = new Set(['article-worker', 'blog-worker']);
const RACE_FIXTURE = join(workspaceRoot, 'libs/race-content-data/fixtures/horse_racing/2026-11-01_tokyo_11R_tenno-sho-autumn.json');
const RACE_ID = 'h-20261101-05-11';
/** How long a stopped replica may take to be ready again. */
const RESTART_BOUND_MS = 120_000;
/** k6 ends with this code when the soak ends it (SIGTERM) once every virtual user idles. */
const K6_EXTERNAL_ABORT = 105;

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

function readEnvFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
}

interface Replica {
  app: string;
  port: number;
  pid: number;
}

const readReplicas = (): Replica[] =>
  readFileSync(join(workspaceRoot, '.data/run/replicas'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [app, port, pid] = line.split(' ');
      return { app, port: Number(port), pid: Number(pid) };
    });

/** CPU seconds a process has used (user + system, from /proc; 100 ticks a second on Linux). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** What each app's first replica (never stopped by the soak) used: mean CPU cores over the run and peak memory. */
function resourceUse(before: Map<number, number>, seconds: number) {
  return readReplicas()
    .filter((r) => r.port < 3100 && before.has(r.pid))
    .map((r) => ({
      app: r.app,
      cpuCores: Number(((cpuSeconds(r.pid) - before.get(r.pid)!) / seconds).toFixed(3)),
      peakRssMb: Math.round(memoryMb(r.pid, 'VmHWM')),
      rssMb: Math.round(memoryMb(r.pid, 'VmRSS')),
    }));
}

const readinessOf = (replica: Replica) =>
  `http://127.0.0.1:${replica.port}${replica.app === 'race-content-api' ? '/v1/ping/deep' : '/health/ready'}`;

/** Starts REPLICAS=2 up.sh on the soak's stores; resolves when the platform is up. */
async function startPlatform(env: Record<string, string>): Promise<ChildProcess> {
  const platform = spawn('bash', ['scripts/up.sh'], {
    cwd: workspaceRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  platform.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<never>((_, reject) =>
    platform.once('exit', (code) => reject(new Error(`up.sh exited (${code}) before the platform was up:\n${output}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([
    waitFor(async () => (output.includes('The platform is up') ? true : undefined), {
      timeoutMs: 600_000,
      intervalMs: 500,
      what: 'REPLICAS=2 up.sh',
    }),
    exited,
  ]);
  return platform;
}

async function stopPlatform(platform: ChildProcess): Promise<void> {
  if (platform.exitCode !== null) return;
  const exited = new Promise((resolve) => platform.once('exit', resolve));
  process.kill(-platform.pid!, 'SIGTERM');
  await exited;
}

runBench(
  'soak',
  async ({ scope, services }) => {
    for (const port of [8080, 8443, 3001, 3002, 3003, 3004, 3005, 3006, 3101, 3102, 3103, 3104, 3105, 3106]) {
      if (await portAnswers(port)) throw new Error(`port ${port} is in use: stop the running platform (up.sh) before the soak`);
    }
    const database = await scope.database();
    const mongoDb = scope.mongoDatabase();
    const queuePrefix = scope.queuePrefix([RECRUITING_IMPORT_QUEUE, ...RACE_CONTENT_QUEUE_LIST]);
    const bucketPrefix = scope.id.replace(/_/g, '-');
    scope.bucket('media');
    scope.bucket('ai-manifests');
    const platform = await startPlatform({
      REPLICAS: '2',
      PLATFORM_DATABASE: database.name,
      MONGODB_DB: mongoDb,
      QUEUE_PREFIX: queuePrefix,
      BUCKET_PREFIX: bucketPrefix,
      REDIS_KEY_PREFIX: scope.redisPrefix('recruiting'),
      AUTH_KEY_PREFIX: scope.redisPrefix('auth'),
      LOG_LEVEL: 'info',
      // Every virtual user comes from 127.0.0.1: the per-address limit of the public routes would answer most with 429.
      PUBLIC_RATE_LIMIT_PER_ADDRESS: '100000000',
      PUBLIC_RATE_LIMIT_PER_TOKEN: '100000000',
      JOB_RETRY_DELAY_MS: '1000',
      // The soak's invitations are logged, not mailed: its thousands of mails stay out of the developer's mail catcher.
      PROTOTYPE_MODE: 'true',
    });
    scope.defer('the platform (up.sh)', () => stopPlatform(platform));
    const secrets = readEnvFile(join(workspaceRoot, '.data/dev-secrets.env'));
    const pool = scope.pool({ connectionString: database.url, max: 4, options: '-c search_path=recruiting' });
    const seeded = await seed(pool, secrets.JWT_SECRET, secrets.SURVEY_ADMIN_EMAILS.split(',')[0]);
    const member = { authorization: `Bearer ${seeded.member}` };
    const templates = (await (await fetch(`${EDGE}/api/v1/email-templates`, { headers: member })).json()) as {
      data: Array<{ id: number; type: string }>;
    };
    const invitationTemplateId = templates.data.find((t) => t.type === 'invitation')!.id;
    const form = new FormData();
    form.set('type', 'horse_racing');
    form.set('file', new Blob([readFileSync(RACE_FIXTURE)], { type: 'application/json' }), 'race.json');
    const race = await fetch(`${EDGE}/v1/races`, { method: 'POST', headers: member, body: form });
    if (race.status !== 201) throw new Error(`the race upload answered ${race.status}: ${await race.text()}`);
    const oldBlog = await fetch(`${EDGE}/v1/old_blogs`, {
      method: 'POST',
      headers: { ...member, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ソークの過去ブログ', body_html: '<p>天皇賞の回顧</p>', race_id: RACE_ID, race_type: 'horse_racing' }),
    });
    if (oldBlog.status !== 201) throw new Error(`the past blog answered ${oldBlog.status}: ${await oldBlog.text()}`);
    const oldBlogId = ((await oldBlog.json()) as { id: string }).id;
    const webhookPool = scope.pool({ connectionString: database.url, max: 2, options: '-c search_path=ai_jobs' });
    await seedWebhookJobs(webhookPool);

    const soakDir = join(workspaceRoot, '.data/soak');
    mkdirSync(soakDir, { recursive: true });
    const dataFile = join(soakDir, 'data.json');
    const summaryFile = join(soakDir, 'k6-summary.json');
    writeFileSync(
      dataFile,
      JSON.stringify({
        ...seeded,
        invitationTemplateId,
        raceId: RACE_ID,
        oldBlogId,
        webhookKey: secrets.AI_WEBHOOK_API_KEY,
        webhookNonce: WEBHOOK_NONCE,
        webhookJobs: WEBHOOK_JOBS,
      } satisfies SeedData),
    );

    const apps = SMOKE ? ['recruiting-api', 'article-worker'] : APPS;
    const plan: Plan = {
      durationMs: Number.parseInt(DURATION) * (DURATION.endsWith('m') ? 60_000 : 1000),
      stops: apps.length,
      restartBoundMs: RESTART_BOUND_MS,
    };
    const bound = `${Math.ceil(trafficBoundMs(plan) / 1000)}s`;
    const control = await startTrafficControl();
    scope.track('the traffic control', control);
    const cpuBefore = new Map(readReplicas().map((r) => [r.pid, cpuSeconds(r.pid)]));
    const trafficStarted = performance.now();
    const edgeLogStart = readFileSync(join(workspaceRoot, '.data/logs/edge-access.log')).length;
    console.log(`[soak] k6: ${VUS} virtual users for ${DURATION} (at most ${bound}) through ${EDGE}, two replicas of each app`);
    const k6 = spawn(
      join(workspaceRoot, '.tools/bin/k6'),
      [
        'run',
        '--quiet',
        '--no-usage-report',
        '-e',
        `BASE_URL=${EDGE}`,
        '-e',
        `SOAK_DATA=${dataFile}`,
        '-e',
        `SOAK_SUMMARY=${summaryFile}`,
        '-e',
        `SOAK_DURATION=${bound}`,
        '-e',
        `SOAK_CONTROL=${control.url}`,
        '-e',
        `SOAK_VUS=${VUS}`,
        '-e',
        `SOAK_RACE_FILE=${RACE_FIXTURE}`,
        join(__dirname, 'traffic.k6.js'),
      ],
      { cwd: workspaceRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const k6Done = new Promise<number>((resolve) => k6.once('exit', (code) => resolve(code ?? 1)));
    scope.defer('k6', async () => {
      if (k6.exitCode === null) k6.kill('SIGTERM');
      await k6Done;
    });
    const startedAt = Date.now();
    const since = () => Date.now() - startedAt;
    /** Waits until `at` (ms since the traffic began); false if k6 ended first (it reached its bound, or failed). */
    const until = async (at: number) =>
      Promise.race([new Promise((resolve) => setTimeout(resolve, Math.max(0, at - since()))).then(() => true), k6Done.then(() => false)]);

    // One replica of each app, in turn, stopped and started again while the traffic runs.
    const kills: Array<{ app: string; port: number; signal: string; atMs: number; backInMs: number }> = [];
    let readyAt = 0;
    for (const [i, app] of apps.entries()) {
      if (!(await until(stopAt(plan, i, readyAt)))) throw new Error(`k6 ended (at most ${bound}) before ${app} could be stopped`);
      const victim = readReplicas().find((r) => r.app === app && r.port > 3100)!;
      const signal = WORKERS.has(app) ? 'SIGKILL' : 'SIGTERM';
      const stoppedAt = since();
      process.kill(victim.pid, signal);
      await waitFor(
        async () => {
          const now = readReplicas().find((r) => r.port === victim.port)!;
          if (now.pid === victim.pid) return undefined;
          return (await fetch(readinessOf(now))
            .then((res) => res.ok)
            .catch(() => false))
            ? true
            : undefined;
        },
        { timeoutMs: RESTART_BOUND_MS, intervalMs: 200, what: `${app} on ${victim.port} to be ready again` },
      );
      readyAt = since();
      kills.push({ app, port: victim.port, signal, atMs: stoppedAt, backInMs: readyAt - stoppedAt });
      console.log(`[soak] ${app} replica on ${victim.port}: ${signal} at ${stoppedAt} ms, ready again after ${readyAt - stoppedAt} ms`);
    }
    // Traffic on the recovered platform, then every virtual user ends its iteration; k6 is ended with none in flight.
    if (!(await until(trafficEndAt(plan, readyAt))))
      throw new Error(`k6 ended (at most ${bound}) before the traffic after the last restart`);
    const trafficMs = since();
    control.stop();
    await Promise.race([
      waitFor(() => (control.idle().of > 0 && control.idle().idle >= control.idle().of ? true : undefined), {
        timeoutMs: 120_000,
        intervalMs: 100,
        what: 'every virtual user to end its iteration',
      }),
      k6Done.then(() => Promise.reject(new Error('k6 ended before every virtual user had ended its iteration'))),
    ]);
    k6.kill('SIGTERM');
    const k6Code = await k6Done;
    console.log(`[soak] traffic for ${trafficMs} ms; k6 ended by the soak (exit ${k6Code})`);
    const resources = resourceUse(cpuBefore, (performance.now() - trafficStarted) / 1000);

    const mongo = new MongoClient(services.MONGODB_URI);
    scope.track('the MongoDB client', mongo);
    const facts = await readFacts(
      {
        pool,
        builder: scope.pool({ connectionString: database.url, max: 2, options: '-c search_path=survey_builder' }),
        webhook: webhookPool,
        mongo: mongo.db(mongoDb),
      },
      { projectId: seeded.projectId, templateId: invitationTemplateId },
    );
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    const edgeLog = readFileSync(join(workspaceRoot, '.data/logs/edge-access.log')).subarray(edgeLogStart).toString('utf8');
    const verdict = { routes: routeFigures(summary), checks: judgeSoak({ summary, facts, edgeLog }) };
    const report = { duration: DURATION, bound, trafficMs, vus: VUS, replicas: 2, kills, resources, ...verdict, k6ExitCode: k6Code };
    writeFileSync(join(soakDir, 'report.json'), JSON.stringify(report, null, 2));
    console.log(
      `\n[soak] per route (through the edge):\n${verdict.routes.map((r) => `  ${r.route.padEnd(28)} ${String(r.count).padStart(7)} req  ${r.rps.toFixed(1).padStart(7)}/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  max ${r.max.toFixed(0).padStart(6)} ms  5xx ${r.errors5xx}`).join('\n')}`,
    );
    console.log(
      `[soak] resources of each app's first replica (mean CPU over the run, peak memory):\n${resources.map((r) => `  ${r.app.padEnd(20)} ${r.cpuCores.toFixed(2)} cores  peak ${r.peakRssMb} MB  now ${r.rssMb} MB`).join('\n')}`,
    );
    console.log(`[soak] checks:\n${verdict.checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`).join('\n')}`);
    console.log(`[soak] report: ${join(soakDir, 'report.json')}`);
    if (k6Code !== K6_EXTERNAL_ABORT) throw new Error(`k6 exited with ${k6Code}, not as ended by the soak (${K6_EXTERNAL_ABORT})`);
    if (verdict.checks.some((c) => !c.ok)) throw new Error('the soak checker found problems (above)');
  },
  { services: true },
);
