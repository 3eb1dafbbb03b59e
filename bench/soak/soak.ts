// The soak (issue 21): the whole platform as deployed, two replicas of every app behind the local edge
// (REPLICAS=2 bash scripts/up.sh, on stores of the soak's own), driven by k6 with mixed traffic for several minutes
// while one replica of each app is stopped and started again. Afterwards a checker proves: zero 5xx, every 202 job
// in a final state, no slot booked twice, every import's counts exact, version numbers dense.
//
//   npm run soak                 (SOAK_DURATION, default 5m; SOAK_VUS, default 20)
//   npm run soak -- --smoke      (30 s, the same traffic and checks; scripts/test.sh runs it in CI)
//
// HTTP apps are stopped with SIGTERM, as Kubernetes stops a pod (they drain: the edge must route around them); the
// workers with SIGKILL (their jobs must come back from the broker). up.sh starts each again.
// Prints each route's throughput and latency percentiles, the kills, and the checker's verdict; writes them to
// .data/soak/report.json.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { waitFor, workspaceRoot } from '@platform/testing';
import { MongoClient } from 'mongodb';
import { Pool } from 'pg';
import { hashSchedulingToken, newSchedulingToken } from '../../apps/recruiting-api/src/core/scheduling-token';
import { RECRUITING_IMPORT_QUEUE } from '../../apps/recruiting-api/src/recruiting.queues';
import { memoryMb, runBench, SMOKE } from '../bench-kit';
import { checkSoak } from './soak-check';

const DURATION = process.env.SOAK_DURATION ?? (SMOKE ? '30s' : '5m');
const VUS = Number(process.env.SOAK_VUS ?? (SMOKE ? 8 : 20));
const EDGE = 'http://127.0.0.1:8080';
const APPS = ['recruiting-api', 'survey-builder-api', 'race-content-api', 'ai-webhook', 'article-worker', 'blog-worker'];
const WORKERS = new Set(['article-worker', 'blog-worker']);
const RACE_FIXTURE = join(workspaceRoot, 'libs/race-content-data/fixtures/horse_racing/2026-11-01_tokyo_11R_tenno-sho-autumn.json');
const RACE_ID = 'h-20261101-05-11';

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

interface SeedData {
  projectId: number;
  confirmProjectId: number;
  viewer: string;
  member: string;
  admin: string;
  listTokens: string[];
  submitTokens: string[];
  confirmCandidates: number[];
  sendCandidates: number[];
  invitationTemplateId: number;
  raceId: string;
  oldBlogId: string;
  webhookKey: string;
  webhookNonce: string;
  webhookJobs: number;
}

const WEBHOOK_JOBS = 5000;
const WEBHOOK_NONCE = 'soak-nonce';

/** wf2des jobs waiting for their phase signals, in ai-webhook's schema. */
async function seedWebhookJobs(pool: Pool): Promise<void> {
  await pool.query(`INSERT INTO organization (id) VALUES (1)`);
  await pool.query(`INSERT INTO project (id, organization_id) VALUES (1, 1)`);
  await pool.query(
    `INSERT INTO ai_job (job_id, organization_id, project_id, kind, nonce)
     SELECT 'soak-wf-' || n, 1, 1, 'wf2des', $1 FROM generate_series(1, $2) n`,
    [WEBHOOK_NONCE, WEBHOOK_JOBS],
  );
  await pool.query(`INSERT INTO ai_job_attempt (job_id, attempt, nonce) SELECT job_id, 1, nonce FROM ai_job`);
}

/** Users, projects, interviewers with a month of windows, candidates with scheduling tokens and preferred slots. */
async function seed(
  pool: Pool,
  secret: string,
  adminEmail: string,
): Promise<Omit<SeedData, 'invitationTemplateId' | 'raceId' | 'oldBlogId' | 'webhookKey' | 'webhookNonce' | 'webhookJobs'>> {
  const q = async <R extends object>(text: string, values: unknown[] = []) => (await pool.query<R>(text, values)).rows;
  const user = async (email: string, name: string, role: string) =>
    (
      await q<{ id: number }>(
        `INSERT INTO users (email, name, role, email_verified) VALUES ($1, $2, $3, true)
         ON CONFLICT ((lower(email))) WHERE email_verified DO UPDATE SET role = EXCLUDED.role RETURNING id`,
        [email, name, role],
      )
    )[0].id;
  const sign = (id: number, role: string, email: string, name: string) =>
    new JwtService().sign(
      { sub: String(id), role, email, email_verified: true, name, type: 'access' },
      { secret, algorithm: 'HS256', expiresIn: 3 * 3600 },
    );
  const admin = sign(await user(adminEmail, 'Soak Admin', 'admin'), 'admin', adminEmail, 'Soak Admin');
  const member = sign(await user('soak-member@example.com', 'Soak Member', 'member'), 'member', 'soak-member@example.com', 'Soak Member');
  const viewer = sign(await user('soak-viewer@example.com', 'Soak Viewer', 'viewer'), 'viewer', 'soak-viewer@example.com', 'Soak Viewer');
  const project = async (name: string) =>
    (
      await q<{ id: number }>(
        `INSERT INTO projects (name, interview_duration_minutes, timezone) VALUES ($1, 60, 'Asia/Tokyo') RETURNING id`,
        [name],
      )
    )[0].id;
  const projectId = await project('ソーク調査');
  const confirmProjectId = await project('ソーク確定');
  const interviewers = (
    await q<{ id: number }>(
      `INSERT INTO users (email, name, role)
       SELECT 'soak-interviewer' || g || '@example.com', '面接官 ' || g, 'member' FROM generate_series(1, 5) g RETURNING id`,
    )
  ).map((r) => r.id);
  for (const id of [projectId, confirmProjectId]) {
    await q(
      `INSERT INTO interviewer_availability (project_id, interviewer_id, start_at, end_at)
       SELECT $1, u, (d::date + time '09:00') AT TIME ZONE 'Asia/Tokyo', (d::date + time '18:00') AT TIME ZONE 'Asia/Tokyo'
       FROM unnest($2::int[]) u,
            generate_series((now() AT TIME ZONE 'Asia/Tokyo')::date + 1, (now() AT TIME ZONE 'Asia/Tokyo')::date + 30, interval '1 day') d
       WHERE extract(isodow FROM d) < 6`,
      [id, interviewers],
    );
  }
  const candidates = async (projectOf: number, n: number, tag: string, status: string) => {
    const people = await q<{ id: number }>(
      `INSERT INTO candidates (external_user_id, name, email)
       SELECT $1 || g, '候補者 ' || g, $1 || g || '@example.com' FROM generate_series(1, $2) g RETURNING id`,
      [tag, n],
    );
    return (
      await q<{ id: number }>(
        `INSERT INTO project_candidates (project_id, candidate_id, status) SELECT $1, id, $3 FROM unnest($2::int[]) id ORDER BY id RETURNING id`,
        [projectOf, people.map((p) => p.id), status],
      )
    ).map((r) => r.id);
  };
  const withTokens = async (ids: number[]) => {
    const tokens = ids.map(() => newSchedulingToken());
    await q(
      `INSERT INTO scheduling_tokens (project_candidate_id, token_hash, expires_at)
       SELECT * FROM unnest($1::int[], $2::bytea[], $3::timestamptz[])`,
      [ids, tokens.map(hashSchedulingToken), ids.map(() => new Date(Date.now() + 7 * 86_400_000))],
    );
    return tokens;
  };
  const listTokens = await withTokens(await candidates(projectId, 200, 'soak-list-', 'contacted'));
  const submitTokens = await withTokens(await candidates(projectId, 400, 'soak-submit-', 'contacted'));
  const sendCandidates = await candidates(projectId, 300, 'soak-send-', 'contacted');
  // Candidates whose preferred slots overlap: pairs ask for the same interviewer at the same hour, so confirmations
  // race for one slot as well as for one candidate.
  const confirmCandidates = await candidates(confirmProjectId, 200, 'soak-confirm-', 'scheduling');
  await q(
    `INSERT INTO preferred_slots (project_candidate_id, interviewer_id, start_at, end_at)
     SELECT c.id, ($2::int[])[1 + (c.n / 2) % 5], s.start_at, s.start_at + interval '1 hour'
     FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM unnest($1::int[]) id) c,
          LATERAL (SELECT ((now() AT TIME ZONE 'Asia/Tokyo')::date + 2 + (c.n / 20)::int + time '10:00' + make_interval(hours => ((c.n / 2) % 7)::int)) AT TIME ZONE 'Asia/Tokyo' AS start_at) s`,
    [confirmCandidates, interviewers],
  );
  await q('ANALYZE');
  return { projectId, confirmProjectId, viewer, member, admin, listTokens, submitTokens, confirmCandidates, sendCandidates };
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

    const cpuBefore = new Map(readReplicas().map((r) => [r.pid, cpuSeconds(r.pid)]));
    const trafficStarted = performance.now();
    const edgeLogStart = readFileSync(join(workspaceRoot, '.data/logs/edge-access.log')).length;
    console.log(`[soak] k6: ${VUS} virtual users for ${DURATION} through ${EDGE}, two replicas of each app`);
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
        `SOAK_DURATION=${DURATION}`,
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

    // One replica of each app, in turn, stopped and started again while the traffic runs.
    const kills: Array<{ app: string; port: number; signal: string; backInMs: number }> = [];
    const durationMs = Number.parseInt(DURATION) * (DURATION.endsWith('m') ? 60_000 : 1000);
    const apps = SMOKE ? ['recruiting-api', 'article-worker'] : APPS;
    // Evenly over the run, each at its own time from the start (a replica's restart does not push the next one out).
    const startedAt = Date.now();
    for (const [i, app] of apps.entries()) {
      const at = startedAt + ((i + 1) * durationMs) / (apps.length + 1);
      await Promise.race([new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()))), k6Done]);
      if (k6.exitCode !== null) throw new Error(`k6 ended before ${app} could be stopped`);
      const victim = readReplicas().find((r) => r.app === app && r.port > 3100)!;
      const signal = WORKERS.has(app) ? 'SIGKILL' : 'SIGTERM';
      const stoppedAt = Date.now();
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
        { timeoutMs: 120_000, intervalMs: 200, what: `${app} on ${victim.port} to come back` },
      );
      kills.push({ app, port: victim.port, signal, backInMs: Date.now() - stoppedAt });
      console.log(`[soak] ${app} replica on ${victim.port}: ${signal}, ready again after ${Date.now() - stoppedAt} ms`);
    }
    const k6Code = await k6Done;
    const resources = resourceUse(cpuBefore, (performance.now() - trafficStarted) / 1000);

    const mongo = new MongoClient(services.MONGODB_URI);
    scope.track('the MongoDB client', mongo);
    const verdict = await checkSoak({
      pool,
      builder: scope.pool({ connectionString: database.url, max: 2, options: '-c search_path=survey_builder' }),
      webhook: webhookPool,
      mongo: mongo.db(mongoDb),
      summary: JSON.parse(readFileSync(summaryFile, 'utf8')),
      edgeLog: readFileSync(join(workspaceRoot, '.data/logs/edge-access.log')).subarray(edgeLogStart).toString('utf8'),
      seeded: { ...seeded, invitationTemplateId },
    });
    const report = { duration: DURATION, vus: VUS, replicas: 2, kills, resources, ...verdict, k6ExitCode: k6Code };
    writeFileSync(join(soakDir, 'report.json'), JSON.stringify(report, null, 2));
    console.log(
      `\n[soak] per route (through the edge):\n${verdict.routes.map((r) => `  ${r.route.padEnd(28)} ${String(r.count).padStart(7)} req  ${r.rps.toFixed(1).padStart(7)}/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  max ${r.max.toFixed(0).padStart(6)} ms  5xx ${r.errors5xx}`).join('\n')}`,
    );
    console.log(
      `[soak] resources of each app's first replica (mean CPU over the run, peak memory):\n${resources.map((r) => `  ${r.app.padEnd(20)} ${r.cpuCores.toFixed(2)} cores  peak ${r.peakRssMb} MB  now ${r.rssMb} MB`).join('\n')}`,
    );
    console.log(`[soak] checks:\n${verdict.checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`).join('\n')}`);
    console.log(`[soak] report: ${join(soakDir, 'report.json')}`);
    if (k6Code !== 0) throw new Error(`k6 exited with ${k6Code}`);
    if (verdict.checks.some((c) => !c.ok)) throw new Error('the soak checker found problems (above)');
  },
  { services: true },
);
