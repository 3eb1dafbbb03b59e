// Recruiting TSV import at size: 100,000 rows of a Japanese panel export in UTF-16LE with a BOM (quoted cells holding
// tabs and line breaks, option columns), uploaded and imported through recruiting-api running as its own process
// (with the V8 flags of its deployment) on PostgreSQL and RabbitMQ; the job loads each batch with COPY into a staging
// table. Targets (issue 24): upload + import under 3 s and under 10x the floor, the app's RSS (sampled from /proc
// every 50 ms, the whole time) under 256 MB.
// Floor, measured in the same run: psql \copy of the same rows (as UTF-8 CSV with tab delimiters, since COPY reads no
// UTF-16) into an unindexed table of text columns: the database's own bulk load, without decoding, mapping or upserts.
// Second floor, the true one of an import into this schema: the database storing the same rows as the import stores
// them (persons, participation records with their score rows, history rows), in its cheapest form (that \copy, then one
// INSERT … SELECT per table over all rows at once); it is also judged against the 3 s target, which it decides.
// An import that is not exact (partial, failed, fewer rows imported or stored) fails the bench, in smoke mode too.
// Run: npm run bench:import   (PostgreSQL and RabbitMQ must be up: scripts/services.sh)
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { migrateDatabase } from '@platform/persistence';
import { freePort, waitFor } from '@platform/testing/harness';
import { RECRUITING_DATABASE } from '../apps/recruiting-api/src/database/database';
import { RECRUITING_IMPORT_QUEUE } from '../apps/recruiting-api/src/recruiting.queues';
import { encodeTsv, PANEL_HEADERS, panelExport } from '../apps/recruiting-api/test/fixtures/imports/tsv-fixtures';
import { answers, appEntry, cpuSeconds, FROM_SOURCE, memoryMb, report, runBench, size, stopProcess, whenReady } from './bench-kit';
import { importProblems } from './recruiting-import-result';

const ROWS = size(100_000, 1_000);
const SECRET = 'bench-secret-0123456789abcdef0123456789';
/** recruiting-api's V8 flags in k8s, compose and up.sh (docs/decisions.md). */
const RECRUITING_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=256 --max-semi-space-size=16')
  .split(' ')
  .filter(Boolean);

runBench('import', async ({ scope, services }) => {
  const database = await scope.database();
  const pool = scope.pool({ connectionString: database.url, max: 2, options: '-c search_path=recruiting' });
  const port = await freePort();
  const floorFile = join(tmpdir(), `${scope.id}.utf8.tsv`);
  const text = panelExport(ROWS, '\r\n');
  const utf16 = encodeTsv(text, 'utf-16le', true);
  writeFileSync(floorFile, text);
  scope.defer('the floor file', () => rmSync(floorFile, { force: true }));
  await migrateDatabase(database.url, RECRUITING_DATABASE);
  // The app as up.sh and the image run it: built (appEntry; BENCH_FROM_SOURCE=1 for the sources), with its V8 flags.
  const entry = appEntry('recruiting-api');
  const app = spawn(process.execPath, [...RECRUITING_NODE_FLAGS, ...(FROM_SOURCE ? ['-r', '@swc-node/register'] : []), entry], {
    env: {
      PATH: process.env.PATH ?? '',
      SWC_NODE_PROJECT: 'tsconfig.json',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      JWT_SECRET: SECRET,
      AMQP_URL: services.AMQP_URL,
      QUEUE_PREFIX: scope.queuePrefix([RECRUITING_IMPORT_QUEUE]),
      REDIS_URL: services.REDIS_URL,
      REDIS_KEY_PREFIX: scope.redisPrefix(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [app.stdout, app.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    });
  }
  const exited = new Promise((resolve) => app.on('exit', resolve));
  scope.defer('recruiting-api', () => stopProcess('recruiting-api', (signal) => app.kill(signal), exited));
  const ready = whenReady('recruiting-api', lines, exited, answers(`http://127.0.0.1:${port}/health/ready`));
  ready.catch(() => undefined); // awaited below, once the project is made
  const project = await pool.query<{ id: number }>(`INSERT INTO projects (name) VALUES ('Import bench') RETURNING id`);
  const user = await pool.query<{ id: number }>(
    `INSERT INTO users (email, name, role) VALUES ('bench@example.com', 'Bench', 'admin') RETURNING id`,
  );
  const token = new JwtService().sign(
    { sub: String(user.rows[0].id), role: 'admin', type: 'access' },
    { secret: SECRET, algorithm: 'HS256' },
  );
  const headers = { authorization: `Bearer ${token}` };
  await ready;
  const base = `http://127.0.0.1:${port}/api/v1/projects/${project.rows[0].id}/candidates/import`;
  const idle = memoryMb(app.pid!, 'VmRSS');
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryMb(app.pid!, 'VmRSS'))), 50);

  // CPU seconds of the app and of the database's backends (PostgreSQL runs here), to say which side the time is on.
  const backends = async () =>
    (await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)).rows.map((r) => r.pid);
  const cpu = async () => ({ app: cpuSeconds(app.pid!), db: new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)])) });
  const dbSpent = (from: Map<number, number>, to: Map<number, number>) =>
    [...to].reduce((sum, [pid, seconds]) => sum + seconds - (from.get(pid) ?? 0), 0);
  const c0 = await cpu();
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([utf16], { type: 'text/tab-separated-values' }), 'panel-export-100k.tsv');
  const uploaded = await fetch(`${base}/upload`, { method: 'POST', headers, body: form });
  if (!uploaded.ok) throw new Error(`upload: HTTP ${uploaded.status} ${await uploaded.text()}`);
  const file = ((await uploaded.json()) as { data: { file_id: string; file_info: { rowCount: number } } }).data;
  const t1 = performance.now();
  const c1 = await cpu();
  const mapping = {
    external_user_id: { column_index: 0 },
    name: { column_index: 1 },
    email: { column_index: 2 },
    phone: { column_index: 3 },
    attributes: {
      gender: { type: 'single_select', columns: [4, 5, 6], mapping: { '4': '男性', '5': '女性', '6': '回答しない' } },
      age: { type: 'direct', column_index: 7 },
    },
    survey_responses: { mode: 'all_remaining' },
  };
  const executed = await fetch(`${base}/${file.file_id}/execute`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping }),
  });
  if (executed.status !== 201) throw new Error(`execute: HTTP ${executed.status} ${await executed.text()}`);
  const { importLogId } = ((await executed.json()) as { data: { importLogId: number } }).data;
  const status = await waitFor(
    async () => {
      const res = await fetch(`${base}/${importLogId}/status`, { headers });
      const body = (await res.json()) as { data: { status: string; importedCount: number; duplicateCount: number; errorCount: number } };
      return ['completed', 'partial', 'failed'].includes(body.data.status) ? body.data : undefined;
    },
    { timeoutMs: 300_000, intervalMs: 100, what: 'the import' },
  );
  const t2 = performance.now();
  const c2 = await cpu();
  clearInterval(sampler);
  const stored = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM project_candidates WHERE project_id = $1`, [
    project.rows[0].id,
  ]);
  // A wrong import fails the bench, in smoke mode too: its time would be the time of less work.
  const problems = importProblems({ rows: ROWS, fileRowCount: file.file_info.rowCount, ...status, stored: stored.rows[0].n });
  if (problems.length) throw new Error(`the import is wrong: ${problems.join('; ')} (${JSON.stringify(status)})`);

  // The floor: psql \copy of the same rows into a plain table.
  await pool.query(`CREATE TABLE copy_floor (${PANEL_HEADERS.map((_, i) => `c${i} text`).join(', ')})`);
  const f0 = performance.now();
  execFileSync('psql', [
    database.url,
    '-qc',
    `\\copy recruiting.copy_floor FROM '${floorFile}' WITH (FORMAT csv, DELIMITER E'\\t', HEADER true)`,
  ]);
  const floorMs = performance.now() - f0;
  const copied = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM copy_floor`);

  // The schema's floor: the same rows stored as the import stores them (a person each, a participation record with its
  // attributes, answers and, through the trigger, its score row, and a history row), by the database alone and in the
  // cheapest form it has: the \copy above, then one INSERT … SELECT per table over all the rows at once in one
  // transaction, into a project of its own (the app's persons are removed first, so these are new ones again): no
  // parsing, mapping, upserts, duplicate or error handling, counts, checkpoints or batches. What every import of these
  // rows pays to the schema's indexes, foreign keys and trigger whatever the app does.
  await pool.query(`DELETE FROM project_candidates WHERE project_id = $1`, [project.rows[0].id]);
  await pool.query(`DELETE FROM candidates`);
  const floorProject = await pool.query<{ id: number }>(`INSERT INTO projects (name) VALUES ('Schema floor') RETURNING id`);
  const answerColumns = PANEL_HEADERS.slice(8)
    .map((header, i) => `'${header.replace(/'/g, "''")}', nullif(f.c${i + 8}, '')`)
    .join(', ');
  const schema = await pool.connect();
  const s0 = performance.now();
  const steps: string[] = [];
  const step = async (name: string, text: string, values?: unknown[]) => {
    const started = performance.now();
    await schema.query(text, values);
    steps.push(`${name} ${((performance.now() - started) / 1000).toFixed(2)} s`);
  };
  try {
    await schema.query('BEGIN');
    await step(
      'persons',
      `INSERT INTO candidates (external_user_id, name, email, phone) SELECT c0, nullif(c1, ''), nullif(c2, ''), nullif(c3, '') FROM copy_floor`,
    );
    await step(
      'records and their score rows',
      `INSERT INTO project_candidates (project_id, candidate_id, attributes, survey_responses)
       SELECT $1, c.id,
              jsonb_build_object('gender', CASE WHEN f.c4 = '1' THEN '男性' WHEN f.c5 = '1' THEN '女性' WHEN f.c6 = '1' THEN '回答しない' END, 'age', f.c7),
              jsonb_strip_nulls(jsonb_build_object(${answerColumns}))
       FROM copy_floor f JOIN candidates c ON c.external_user_id = f.c0`,
      [floorProject.rows[0].id],
    );
    await step(
      'history',
      `INSERT INTO candidate_status_history (project_candidate_id, from_status, to_status, reason, changed_by)
       SELECT id, null, 'pending', 'Schema floor', $2 FROM project_candidates WHERE project_id = $1`,
      [floorProject.rows[0].id, user.rows[0].id],
    );
    await step('commit', 'COMMIT');
  } finally {
    schema.release();
  }
  const schemaMs = floorMs + performance.now() - s0;
  const floorStored = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM project_candidates pc JOIN candidate_scores s ON s.project_candidate_id = pc.id WHERE pc.project_id = $1`,
    [floorProject.rows[0].id],
  );
  if (floorStored.rows[0].n !== ROWS) throw new Error(`the schema's floor stored ${floorStored.rows[0].n} records`);

  const uploadMs = t1 - t0;
  const importMs = t2 - t1;
  const totalMs = t2 - t0;
  console.log(
    `\n${ROWS.toLocaleString()} rows, ${(utf16.length / 1024 / 1024).toFixed(1)} MiB UTF-16LE; file rowCount ${file.file_info.rowCount}, ` +
      `import ${status.status}: ${status.importedCount} imported, ${status.errorCount} errors; ${stored.rows[0].n} stored; floor copied ${copied.rows[0].n}`,
  );
  console.log(`recruiting-api ${FROM_SOURCE ? 'from source (SWC)' : 'built (dist)'}, node flags: ${RECRUITING_NODE_FLAGS.join(' ')}\n`);
  console.log(`the schema's own writes: \\copy ${(floorMs / 1000).toFixed(2)} s, ${steps.join(', ')}`);
  console.log(`upload ${(uploadMs / 1000).toFixed(1)} s, import job ${(importMs / 1000).toFixed(1)} s; app RSS idle ${idle.toFixed(0)} MB`);
  console.log(
    `CPU seconds: upload app ${(c1.app - c0.app).toFixed(2)}, database ${dbSpent(c0.db, c1.db).toFixed(2)}; ` +
      `job app ${(c2.app - c1.app).toFixed(2)}, database ${dbSpent(c1.db, c2.db).toFixed(2)} (load average ${loadavg()[0].toFixed(1)})`,
  );
  report({
    figure: `upload + import of ${ROWS.toLocaleString()} UTF-16LE rows (floor: psql \\copy)`,
    value: totalMs / 1000,
    unit: 's',
    floor: floorMs / 1000,
    targets: [
      { op: '<', limit: 3 },
      { op: '<', limit: 10, ofFloor: true },
    ],
  });
  report({
    figure: `upload + import of ${ROWS.toLocaleString()} UTF-16LE rows (floor: the schema's own writes of the rows, \\copy then one INSERT … SELECT per table)`,
    value: totalMs / 1000,
    unit: 's',
    floor: schemaMs / 1000,
    targets: [],
  });
  report({
    figure: `the schema's own writes of ${ROWS.toLocaleString()} rows against the 3 s target (floor: psql \\copy into a plain table)`,
    value: schemaMs / 1000,
    unit: 's',
    floor: floorMs / 1000,
    targets: [{ op: '<', limit: 3 }],
  });
  report({ figure: 'recruiting-api RSS peak during upload + import', value: peak, unit: 'MB', targets: [{ op: '<', limit: 256 }] });
});
