// Recruiting email and scheduling at size, through HTTP against recruiting-api running as its own process:
//   - bulk send of 5,000 invitations with PROTOTYPE_MODE true (five requests of 1,000, the API's limit): target < 20 s,
//     every log row and token written (checked);
//   - public slots of a project with 20 interviewers and a month of windows each (a window every weekday, 09:00-18:00
//     Tokyo, 60-minute interviews, some reservations), asked for as a browser does (Accept-Encoding: br, gzip): p95 target
//     < 50 ms at 20 concurrent clients; and the answer's size on the wire, identity, br and gzip.
// Floors, measured in the same run: the bulk send's SQL alone (tokens, log rows and status changes through pg, no HTTP or
// rendering), a bare node:http server sending the same (brotli) bytes, and the slot query pair (windows and reservations)
// through pg.
// Run: npm run bench:scheduling   (PostgreSQL and Redis must be up: scripts/services.sh)
import { Agent, createServer, get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { JwtService } from '@nestjs/jwt';
import autocannon from 'autocannon';
import { migrateDatabase } from '@platform/persistence';
import { freePort } from '@platform/testing/harness';
import type { Pool } from 'pg';
import { RECRUITING_DATABASE } from '../apps/recruiting-api/src/database/database';
import { hashSchedulingToken, newSchedulingToken } from '../apps/recruiting-api/src/domain/scheduling-token';
import { answers, cpuSeconds, fromEnv, median, percentile as pct, report, runBench, size, startApp } from './bench-kit';

const INVITATIONS = size(5_000, 120);
/** Invitations per send request (the API's limit is 1,000). */
const PER_SEND = size(1000, 50);
const INTERVIEWERS = size(20, 3);
const CLIENTS = size(20, 4);
/** The public slots' clients use the tokens of the candidates from this index on. */
const FIRST_CLIENT = size(1000, 100);
const REQUESTS_PER_CLIENT = fromEnv('BENCH_RUNS', size(25, 3));
const CANNON_S = size(5, 1);
/** Rounds of the light client against the app and the bare floor in turn; the median round's p95 of each is kept. */
const ROUNDS = 3;
const SECRET = 'bench-secret-0123456789abcdef0123456789';

/** An answer's bytes as sent (node:http decodes nothing and adds no Accept-Encoding), and its Content-Encoding. */
function rawGet(url: string, encoding: string): Promise<{ body: Buffer; coding?: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ body: Buffer.concat(chunks), coding: res.headers['content-encoding'] })
          : reject(new Error(`slots: HTTP ${res.statusCode}`)),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function seed(pool: Pool) {
  const project = await pool.query<{ id: number }>(
    `INSERT INTO projects (name, interview_duration_minutes, timezone) VALUES ('ベンチ調査', 60, 'Asia/Tokyo') RETURNING id`,
  );
  const projectId = project.rows[0].id;
  await pool.query(
    `INSERT INTO candidates (external_user_id, name, email)
     SELECT 'bench-' || g, '候補者 ' || g, 'user' || g || '@example.com' FROM generate_series(1, $1) g`,
    [INVITATIONS],
  );
  const candidates = await pool.query<{ id: number }>(
    `INSERT INTO project_candidates (project_id, candidate_id) SELECT $1, id FROM candidates ORDER BY id RETURNING id`,
    [projectId],
  );
  const users = await pool.query<{ id: number }>(
    `INSERT INTO users (email, name, role)
     SELECT 'interviewer' || g || '@example.com', '面接官 ' || g, 'member' FROM generate_series(1, $1) g RETURNING id`,
    [INTERVIEWERS],
  );
  // A window every weekday of the next 30 days, 09:00-18:00 Tokyo, for every interviewer.
  await pool.query(
    `INSERT INTO interviewer_availability (project_id, interviewer_id, start_at, end_at)
     SELECT $1, u, (d::date + time '09:00') AT TIME ZONE 'Asia/Tokyo', (d::date + time '18:00') AT TIME ZONE 'Asia/Tokyo'
     FROM unnest($2::int[]) u,
          generate_series((now() AT TIME ZONE 'Asia/Tokyo')::date + 1, (now() AT TIME ZONE 'Asia/Tokyo')::date + 30, interval '1 day') d
     WHERE extract(isodow FROM d) < 6`,
    [projectId, users.rows.map((u) => u.id)],
  );
  // 200 confirmed reservations (on the first 200 candidates) spread over the interviewers' windows.
  await pool.query(
    `INSERT INTO reservations (project_id, project_candidate_id, interviewer_id, scheduled_at, ends_at, duration_minutes, interview_type, status)
     SELECT $1, c.id, w.interviewer_id, w.start_at + interval '2 hours', w.start_at + interval '3 hours', 60, 'online_meet', 'confirmed'
     FROM (SELECT id, row_number() OVER (ORDER BY id) n FROM project_candidates WHERE project_id = $1 ORDER BY id LIMIT 200) c
     JOIN (SELECT interviewer_id, start_at, row_number() OVER (ORDER BY start_at, interviewer_id) n FROM interviewer_availability) w ON w.n = c.n`,
    [projectId],
  );
  await pool.query('ANALYZE');
  return { projectId, candidateIds: candidates.rows.map((r) => r.id), userId: users.rows[0].id };
}

runBench('scheduling', async ({ scope, services }) => {
  const database = await scope.database();
  await migrateDatabase(database.url, RECRUITING_DATABASE);
  const pool = scope.pool({ connectionString: database.url, max: 4, options: '-c search_path=recruiting' });
  const port = await freePort();
  // The app starts while the data is seeded.
  const app = startApp(
    scope,
    'apps/recruiting-api/src/main.ts',
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      JWT_SECRET: SECRET,
      REDIS_URL: services.REDIS_URL,
      REDIS_KEY_PREFIX: scope.redisPrefix(),
      PROTOTYPE_MODE: 'true',
      PUBLIC_RATE_LIMIT_PER_ADDRESS: '1000000',
      PUBLIC_RATE_LIMIT_PER_TOKEN: '1000000',
    },
    answers(`http://127.0.0.1:${port}/health/ready`),
  );
  app.catch(() => undefined); // awaited below, after the seeding
  const { projectId, candidateIds, userId } = await seed(pool);
  const headers = {
    authorization: `Bearer ${new JwtService().sign({ sub: String(userId), role: 'member', type: 'access' }, { secret: SECRET, algorithm: 'HS256' })}`,
    'content-type': 'application/json',
  };
  await app;
  const api = `http://127.0.0.1:${port}/api/v1`;
  const templates = (await (await fetch(`${api}/email-templates`, { headers })).json()) as { data: Array<{ id: number; type: string }> };
  const invitation = templates.data.find((t) => t.type === 'invitation')!.id;

  // 1. Bulk send.
  const t0 = performance.now();
  for (let i = 0; i < candidateIds.length; i += PER_SEND) {
    const res = await fetch(`${api}/projects/${projectId}/emails/send`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ templateId: invitation, candidateIds: candidateIds.slice(i, i + PER_SEND) }),
    });
    if (!res.ok) throw new Error(`send: HTTP ${res.status} ${await res.text()}`);
  }
  const sendMs = performance.now() - t0;
  const written = await pool.query<{ logs: number; tokens: number; contacted: number }>(
    `SELECT (SELECT count(*)::int FROM email_logs WHERE status = 'sent') AS logs, (SELECT count(*)::int FROM scheduling_tokens) AS tokens,
            (SELECT count(*)::int FROM project_candidates WHERE status = 'contacted') AS contacted`,
  );
  const complete =
    written.rows[0].logs === INVITATIONS && written.rows[0].tokens === INVITATIONS && written.rows[0].contacted === INVITATIONS;
  // Floor: the same writes as set-based SQL through pg (no HTTP, no rendering).
  const f0 = performance.now();
  await pool.query('BEGIN');
  await pool.query(
    `INSERT INTO scheduling_tokens (project_candidate_id, token_hash, expires_at)
     SELECT * FROM unnest($1::int[], $2::bytea[], $3::timestamptz[])
     ON CONFLICT (project_candidate_id) DO UPDATE SET token_hash = excluded.token_hash, expires_at = excluded.expires_at`,
    [
      candidateIds,
      candidateIds.map(() => hashSchedulingToken(newSchedulingToken())),
      candidateIds.map(() => new Date(Date.now() + 14 * 86_400_000)),
    ],
  );
  await pool.query(
    `INSERT INTO email_logs (project_id, project_candidate_id, template_id, recipient, subject, body, status, sent_by)
     SELECT $1, id, $2, 'x@example.com', '【ベンチ調査】インタビューご協力のお願い', repeat('本文', 150), 'sent', $3 FROM unnest($4::int[]) id`,
    [projectId, invitation, userId, candidateIds],
  );
  await pool.query(
    `INSERT INTO candidate_status_history (project_candidate_id, from_status, to_status, changed_by)
     SELECT id, 'pending', 'contacted', $1 FROM unnest($2::int[]) id`,
    [userId, candidateIds],
  );
  await pool.query('ROLLBACK');
  const sendFloorMs = performance.now() - f0;

  // 2. Public slots at 20 concurrent clients (one token per client).
  const tokens = candidateIds.slice(FIRST_CLIENT, FIRST_CLIENT + CLIENTS).map(() => newSchedulingToken());
  await pool.query(
    `UPDATE scheduling_tokens t SET token_hash = v.h FROM unnest($1::int[], $2::bytea[]) v(id, h) WHERE t.project_candidate_id = v.id`,
    [candidateIds.slice(FIRST_CLIENT, FIRST_CLIENT + CLIENTS), tokens.map(hashSchedulingToken)],
  );
  const slotsUrl = (token: string) => `${api}/scheduling/${token}/slots`;
  // The answer as each coding sends it: its size on the wire, and the bytes the bare floor sends.
  const wire = async (encoding: string) => {
    const bytes = await rawGet(slotsUrl(tokens[0]), encoding);
    return { bytes: bytes.body, coding: bytes.coding };
  };
  const [identity, br, gzip] = [await wire('identity'), await wire('br'), await wire('gzip')];
  if (br.coding !== 'br' || gzip.coding !== 'gzip' || identity.coding !== undefined)
    throw new Error('slots: not answered in the asked coding');
  const first = JSON.parse(identity.bytes.toString('utf8')) as { data: Array<{ interviewerId: number; startAt: string; endAt: string }> };
  // A wrong answer fails the bench, in smoke mode too: an empty one, or one offering an hour an interviewer is booked.
  const booked = (
    await pool.query<{ interviewer_id: number; scheduled_at: Date; ends_at: Date }>(
      `SELECT interviewer_id, scheduled_at, ends_at FROM reservations WHERE status = 'confirmed'`,
    )
  ).rows;
  const taken = first.data.filter((slot) =>
    booked.some(
      (r) => r.interviewer_id === slot.interviewerId && r.scheduled_at < new Date(slot.endAt) && new Date(slot.startAt) < r.ends_at,
    ),
  );
  if (first.data.length === 0 || taken.length) {
    throw new Error(`slots: ${first.data.length} offered, ${taken.length} of them on an hour already booked (${JSON.stringify(taken[0])})`);
  }
  // A week, as a page showing one would ask for it (days in the project's time zone, Tokyo).
  const tokyoDay = (days: number) => new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const week = `?from=${tokyoDay(1)}&to=${tokyoDay(7)}`;
  const [weekIdentity, weekBr] = [await rawGet(slotsUrl(tokens[0]) + week, 'identity'), await rawGet(slotsUrl(tokens[0]) + week, 'br')];
  /** As a browser asks: the client decodes brotli, as a browser does. */
  const BROWSER = 'br, gzip';
  /** Every client (one per token) makes `requests` requests in turn, all clients at once: each request's time. */
  const timeClients = async (requests: number, request: (token: string) => Promise<void>) => {
    const times: number[] = [];
    await Promise.all(
      tokens.map(async (token) => {
        for (let i = 0; i < requests; i++) {
          const s = performance.now();
          await request(token);
          times.push(performance.now() - s);
        }
      }),
    );
    return times;
  };
  const load = async (encoding: string, urlOf = slotsUrl) => {
    const w0 = performance.now();
    const times = await timeClients(REQUESTS_PER_CLIENT, async (token) => {
      const res = await fetch(urlOf(token), { headers: { 'accept-encoding': encoding } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`slots: HTTP ${res.status}`);
    });
    return { times, wallMs: performance.now() - w0 };
  };
  /**
   * As a browser asks, timed to the answer's last byte by a light client that keeps its connections and leaves the bytes
   * encoded: a browser decodes on its own device, and fetch's decoding here shares the server's two cores.
   */
  const loadRaw = async (encoding: string, urlOf = slotsUrl) => {
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const once = (url: string) =>
      new Promise<void>((resolve, reject) => {
        get(url, { agent, headers: { 'accept-encoding': encoding } }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`slots: HTTP ${res.statusCode}`))));
          res.on('error', reject);
        }).on('error', reject);
      });
    const times = await timeClients(REQUESTS_PER_CLIENT * 2, (token) => once(urlOf(token)));
    agent.destroy();
    return times;
  };
  const browser = await load(BROWSER);
  const plain = await load('identity');
  // Transfer floor: a bare node:http server answering the same bytes (brotli, as the app answers a browser), loaded the same way.
  const bare = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br', vary: 'accept-encoding' }).end(br.bytes),
  );
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const transfer = await load(BROWSER, () => bareUrl);
  // The light client, bare floor and app in turn, ROUNDS times; of each, the median of the rounds' p95s is kept.
  const rawApp: number[][] = [];
  const rawBare: number[][] = [];
  /** The app's own CPU per slots request in each round (user + system, µs): what the server spends, whatever the client does. */
  const appCpuUs: number[] = [];
  const server = await app;
  for (let round = 0; round < ROUNDS; round++) {
    rawBare.push(await loadRaw(BROWSER, () => bareUrl));
    const cpu = cpuSeconds(server.pid);
    const times = await loadRaw(BROWSER);
    appCpuUs.push(((cpuSeconds(server.pid) - cpu) / times.length) * 1e6);
    rawApp.push(times);
  }
  const d0 = performance.now();
  for (let i = 0; i < 20; i++) brotliDecompressSync(br.bytes);
  const decodeMs = (performance.now() - d0) / 20;
  // The same two through autocannon (20 connections, 5 s in full, each request the next client's token): a lighter client than
  // fetch (it does not decode), whose handling of a large body costs as much as the server's work on these two shared cores.
  const cannon = async (urlOf: (token: string) => string) => {
    let next = 0;
    const result = await autocannon({
      url: urlOf(tokens[0]),
      connections: CLIENTS,
      duration: CANNON_S,
      headers: { 'accept-encoding': BROWSER },
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: new URL(urlOf(tokens[next++ % CLIENTS])).pathname }) }],
    });
    if (result.non2xx || result.errors) throw new Error(`slots (autocannon): ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return result;
  };
  const cannonApi = await cannon(slotsUrl);
  const cannonBare = await cannon(() => bareUrl);
  bare.close();
  const floor: number[] = [];
  for (let i = 0; i < 50; i++) {
    const s = performance.now();
    await pool.query(
      `SELECT a.interviewer_id, u.name, a.start_at, a.end_at FROM interviewer_availability a JOIN users u ON u.id = a.interviewer_id
       WHERE a.project_id = $1 AND a.end_at > now()`,
      [projectId],
    );
    await pool.query(`SELECT interviewer_id, scheduled_at, ends_at FROM reservations WHERE status = 'confirmed' AND ends_at > now()`);
    floor.push(performance.now() - s);
  }

  const kb = (b: Buffer) => b.length / 1024;
  console.log(
    `\n${first.data.length.toLocaleString()} slots per answer; ${browser.times.length} slot requests as a browser asks in ${(browser.wallMs / 1000).toFixed(1)} s; ` +
      `bulk send wrote logs ${written.rows[0].logs}, tokens ${written.rows[0].tokens}, contacted ${written.rows[0].contacted}`,
  );
  console.log(
    `slots on the wire: identity ${kb(identity.bytes).toFixed(0)} KB, br ${kb(br.bytes).toFixed(0)} KB, gzip ${kb(gzip.bytes).toFixed(0)} KB; ` +
      `a week (${week}): identity ${kb(weekIdentity.body).toFixed(0)} KB, br ${kb(weekBr.body).toFixed(0)} KB; ` +
      `identity (Accept-Encoding: identity) through fetch p95 ${pct(plain.times, 0.95).toFixed(1)} ms (p50 ${pct(plain.times, 0.5).toFixed(1)})`,
  );
  console.log(
    `slots transfer floor (bare node:http, the same br bytes, ${CLIENTS} clients): p95 ${pct(transfer.times, 0.95).toFixed(1)} ms (p50 ${pct(transfer.times, 0.5).toFixed(1)}); ` +
      `through autocannon p97.5 ${cannonBare.latency.p97_5} ms (p50 ${cannonBare.latency.p50}, ${cannonBare.requests.total} requests)`,
  );
  const p95Of = (runs: number[][]) => median(runs.map((times) => pct(times, 0.95)));
  console.log(
    `light client (br, gzip, not decoded, ${CLIENTS} clients, ${ROUNDS} rounds, the median kept): app p95 ${rawApp.map((t) => pct(t, 0.95).toFixed(1)).join(' / ')} ms ` +
      `(p50 ${pct(rawApp.flat(), 0.5).toFixed(1)}), bare ${rawBare.map((t) => pct(t, 0.95).toFixed(1)).join(' / ')} ms ` +
      `(p50 ${pct(rawBare.flat(), 0.5).toFixed(1)}); a client's brotli decode of one answer ${decodeMs.toFixed(1)} ms`,
  );
  console.log(
    `public slots (br, gzip) through fetch p50 ${pct(browser.times, 0.5).toFixed(1)} ms; through autocannon p50 ${cannonApi.latency.p50} ms (${cannonApi.requests.total} requests)`,
  );
  if (!complete) throw new Error('the bulk send did not write every log row, token and status change');
  report({
    figure: `bulk send of ${INVITATIONS.toLocaleString()} invitations (floor: its SQL through pg)`,
    value: sendMs / 1000,
    unit: 's',
    floor: sendFloorMs / 1000,
    targets: [{ op: '<', limit: 20 }],
  });
  report({
    figure: `public slots p95 as a browser asks (br, gzip), ${CLIENTS} clients, to the last byte, median of ${ROUNDS} rounds (floor: bare node:http sending the same br bytes)`,
    value: p95Of(rawApp),
    unit: 'ms',
    floor: p95Of(rawBare),
    targets: [{ op: '<', limit: 50 }],
  });
  report({
    figure: `public slots p95 as a browser asks (br, gzip), ${CLIENTS} clients, to the last byte, median of ${ROUNDS} rounds (floor: the slot queries through pg)`,
    value: p95Of(rawApp),
    unit: 'ms',
    floor: pct(floor, 0.95),
    targets: [{ op: '<', limit: 50 }],
  });
  report({
    figure: `public slots p95 through fetch, which decodes brotli on the same two cores (floor: bare node:http, the same bytes, the same client)`,
    value: pct(browser.times, 0.95),
    unit: 'ms',
    floor: pct(transfer.times, 0.95),
    targets: [],
  });
  report({
    figure: `public slots p97.5 through autocannon (br, gzip), ${CLIENTS} connections (it has no p95; floor: bare node:http, same bytes)`,
    value: cannonApi.latency.p97_5,
    unit: 'ms',
    floor: cannonBare.latency.p97_5,
    targets: [{ op: '<', limit: 50 }],
  });
  report({
    figure: `public slots: the app's CPU per request as a browser asks (br, gzip), median of ${ROUNDS} rounds (floor: the slot queries' time through pg)`,
    value: median(appCpuUs) / 1000,
    unit: 'ms',
    floor: median(floor),
    targets: [],
  });
  report({
    figure: 'public slots answer on the wire, br (floor: identity)',
    value: kb(br.bytes),
    unit: 'KB',
    floor: kb(identity.bytes),
    targets: [],
  });
  report({
    figure: 'public slots answer on the wire, gzip (floor: identity)',
    value: kb(gzip.bytes),
    unit: 'KB',
    floor: kb(identity.bytes),
    targets: [],
  });
});
