// Survey builder at size: one survey of 50 sections x 20 questions (1,000 questions, 5 choices and one branch
// rule each), and 1,000 surveys visible to one user. Measures, through HTTP against the app running as its own
// process: save (new version), GET detail, renumber, and the survey list; reports the app's peak memory during
// the saves. Targets: save < 500 ms, detail < 150 ms, renumber < 500 ms, list < 100 ms (medians), peak RSS of the
// app through the saves < 256 MB.
// Floors, measured in the same run against the same version, each run beside one of the app's: the version copy
// as the five set-based INSERT … SELECT statements of the app's VersionCopier, and the detail read as the five
// SELECTs of its SnapshotReader, sent straight through pg with the app's own column lists. Targets: save within 1.5x, detail within 2x of them.
// Saves and details are timed to their last byte through node:http with kept connections (saves asking br or gzip, as a
// browser does, the bytes left encoded; details asking for no coding); the details after ten untimed ones, as a
// long-running process serves them.
// The app runs as shipped: built, with its V8 flags (BENCH_NODE_FLAGS replaces them, BENCH_NODE_OPTIONS adds
// to them, e.g. --cpu-prof; BENCH_FROM_SOURCE=1 runs the sources through SWC, which adds about 80 MB).
// Run: npm run bench:builder   (PostgreSQL must be up: scripts/services.sh)
import { Agent, request as httpRequest } from 'node:http';
import { Client, type Pool } from 'pg';
import { migrateDatabase } from '@platform/persistence';
import { freePort } from '@platform/testing/harness';
import { SURVEY_BUILDER_DATABASE } from '../apps/survey-builder-api/src/database/database';
import {
  BRANCH_RULE_COLUMNS,
  except,
  OPTION_COLUMNS,
  QUESTION_COLUMNS,
  SECTION_COLUMNS,
  VISIBILITY_RULE_COLUMNS,
} from '../apps/survey-builder-api/src/snapshot/snapshot.columns';
import { answers, appEntry, FROM_SOURCE, median, memoryMb, report, runBench, size, startApp, startBareServer } from './bench-kit';

const SECTIONS = size(50, 2);
const QUESTIONS_PER_SECTION = size(20, 5);
const SURVEYS_IN_LIST = size(1000, 10);
const RUNS = { save: size(10, 2), detail: size(20, 3), renumber: size(5, 2), list: size(20, 3), warmUp: size(10, 1) };
// The app as the image, compose and up.sh run it: built, with the V8 flags of k8s/survey-builder-api.yaml.
const BUILDER_NODE_FLAGS = process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=16';
const keepAlive = new Agent({ keepAlive: true });
const USER = { 'x-user-email': 'bench@example.com', 'x-user-name': 'Bench', 'content-type': 'application/json' };

interface Answer<T> {
  data: T;
}

async function timed(runs: number, before: () => Promise<void>, call: () => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before();
    const started = performance.now();
    const answer = await call();
    times.push(performance.now() - started);
    if (!answer.ok) throw new Error(`HTTP ${answer.status}: ${await answer.text()}`);
    await answer.arrayBuffer();
  }
  return times;
}

/** What a browser asks for; the light client below leaves the bytes encoded (a browser decodes on its own device). */
const BROWSER_CODINGS = { 'accept-encoding': 'br, gzip' };

/**
 * Requests timed to their last byte through node:http with kept connections: none of fetch's machinery, and no
 * decoding, in the client's share of the two cores the app and the database run on.
 */
async function timedHttp(runs: number, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      httpRequest(url, { method, headers: { ...USER, ...headers }, agent: keepAlive }, (res) => {
        if (res.statusCode !== (method === 'POST' ? 201 : 200)) reject(new Error(`${method} ${url}: HTTP ${res.statusCode}`));
        res.resume();
        res.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });
    times.push(performance.now() - started);
  }
  return times;
}

/** The big survey's content, written straight into its version 1 with set-based SQL. */
async function fillSurvey(db: Client, versionId: string): Promise<void> {
  await db.query(`SET search_path TO survey_builder`);
  await db.query(
    `INSERT INTO section (version_id, stable_id, title, description, sort_order, generated_by)
     SELECT $1, gen_random_uuid(), 'セクション ' || s, '', s, 'bench' FROM generate_series(1, $2) s`,
    [versionId, SECTIONS],
  );
  await db.query(
    `INSERT INTO question (section_id, version_id, stable_id, code, question_type, prompt_text, sort_order)
     SELECT sec.id, $1, gen_random_uuid(), 'Q' || ((sec.sort_order - 1) * $2 + q), 'single',
            '設問 ' || ((sec.sort_order - 1) * $2 + q) || ' について、最も当てはまるものをお選びください。', q
     FROM section sec CROSS JOIN generate_series(1, $2) q WHERE sec.version_id = $1`,
    [versionId, QUESTIONS_PER_SECTION],
  );
  await db.query(
    `INSERT INTO question_option (question_id, kind, sort_order, label)
     SELECT q.id, 'option', o, '選択肢 ' || o FROM question q CROSS JOIN generate_series(1, 5) o WHERE q.version_id = $1`,
    [versionId],
  );
  await db.query(
    `INSERT INTO branch_rule (question_id, sort_order, logical_operator, conditions, destination_question_code)
     SELECT q.id, 0, 'AND',
            jsonb_build_array(jsonb_build_object('sourceQuestionCode', q.code, 'operator', 'equals', 'value', '選択肢 1', 'subValue', null, 'subQuestionIndex', null)),
            'Q' || (substring(q.code from 2)::int % $2 + 1)
     FROM question q WHERE q.version_id = $1`,
    [versionId, SECTIONS * QUESTIONS_PER_SECTION],
  );
}

/** A column of the app's lists (camelCase, as Kysely's CamelCasePlugin maps them) as it is named in SQL. */
const column = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const columns = (names: readonly string[], alias?: string) =>
  names.map((name) => (alias ? `${alias}.${column(name)}` : column(name))).join(', ');

/**
 * The save's floor: the five INSERT … SELECT statements of the app's VersionCopier (same tables, same columns,
 * same row ids derived from the version's and the source rows', same joins) copying the version into a fresh version
 * row, in a transaction of their own, straight through pg. Timed from BEGIN to COMMIT; the version row is made before
 * and the copy deleted after, untimed.
 */
async function copyFloor(db: Client, fromVersionId: string, versionNo: number): Promise<number> {
  const section = except(SECTION_COLUMNS, 'id', 'versionId');
  const question = except(QUESTION_COLUMNS, 'id', 'versionId', 'sectionId');
  const option = except(OPTION_COLUMNS, 'id', 'questionId');
  const branch = except(BRANCH_RULE_COLUMNS, 'id', 'questionId');
  const visibility = except(VISIBILITY_RULE_COLUMNS, 'id', 'questionId');
  // copiedRowId: the new version id's high half, the source row's low half ($2 is the new version id's first 19
  // characters; $3 the new version id).
  const copied = (ref: string) => `($2::text || right(${ref}::text, 17))::uuid`;
  const statements = [
    `INSERT INTO section (id, version_id, ${columns(section)})
     SELECT ${copied('s.id')}, $3::uuid, ${columns(section, 's')} FROM section s WHERE s.version_id = $1`,
    `INSERT INTO question (id, section_id, version_id, ${columns(question)})
     SELECT ${copied('q.id')}, ${copied('q.section_id')}, $3::uuid, ${columns(question, 'q')} FROM question q WHERE q.version_id = $1`,
    `INSERT INTO question_option (id, question_id, ${columns(option)})
     SELECT ${copied('o.id')}, ${copied('o.question_id')}, ${columns(option, 'o')} FROM question_option o
     JOIN question oq ON oq.id = o.question_id WHERE oq.version_id = $1`,
    `INSERT INTO branch_rule (id, question_id, ${columns(branch)})
     SELECT ${copied('r.id')}, ${copied('r.question_id')}, ${columns(branch, 'r')} FROM branch_rule r
     JOIN question oq ON oq.id = r.question_id WHERE oq.version_id = $1`,
    `INSERT INTO visibility_rule (id, question_id, ${columns(visibility)})
     SELECT ${copied('r.id')}, ${copied('r.question_id')}, ${columns(visibility, 'r')} FROM visibility_rule r
     JOIN question oq ON oq.id = r.question_id WHERE oq.version_id = $1`,
  ];
  const {
    rows: [target],
  } = await db.query<{ id: string }>(
    `INSERT INTO survey_version (survey_id, version_no, status, created_by)
     SELECT survey_id, $2, status, created_by FROM survey_version WHERE id = $1 RETURNING id`,
    [fromVersionId, versionNo],
  );
  const started = performance.now();
  await db.query('BEGIN');
  for (const [i, statement] of statements.entries()) {
    const prefix = target.id.slice(0, 19);
    await db.query(statement, i < 2 ? [fromVersionId, prefix, target.id] : [fromVersionId, prefix]);
  }
  await db.query('COMMIT');
  const elapsed = performance.now() - started;
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM question WHERE version_id = $1`, [target.id]);
  if (rows[0].n !== SECTIONS * QUESTIONS_PER_SECTION) throw new Error(`the floor copied ${rows[0].n} questions`);
  await db.query(`DELETE FROM survey_version WHERE id = $1`, [target.id]);
  return elapsed;
}

/**
 * The detail's floor: the five SELECTs of the app's SnapshotReader.load for one version (sections and questions at
 * once, then choices and both rule tables at once by the questions' ids, over a pool, as the reader does), rows
 * fetched, nothing assembled.
 */
async function readFloor(pool: Pool, versionId: string): Promise<number> {
  const started = performance.now();
  const [sections, questions] = await Promise.all([
    pool.query(`SELECT ${columns(SECTION_COLUMNS)} FROM section WHERE version_id = ANY($1::uuid[]) ORDER BY version_id, sort_order`, [
      [versionId],
    ]),
    pool.query<{ id: string }>(
      `SELECT ${columns(QUESTION_COLUMNS)} FROM question WHERE version_id = ANY($1::uuid[]) ORDER BY section_id, sort_order`,
      [[versionId]],
    ),
  ]);
  const questionIds = questions.rows.map((q) => q.id);
  const children = await Promise.all([
    pool.query(
      `SELECT ${columns(OPTION_COLUMNS)} FROM question_option WHERE question_id = ANY($1::uuid[]) ORDER BY question_id, kind, sort_order`,
      [questionIds],
    ),
    pool.query(
      `SELECT ${columns(BRANCH_RULE_COLUMNS)} FROM branch_rule WHERE question_id = ANY($1::uuid[]) ORDER BY question_id, sort_order`,
      [questionIds],
    ),
    pool.query(
      `SELECT ${columns(VISIBILITY_RULE_COLUMNS)} FROM visibility_rule WHERE question_id = ANY($1::uuid[]) ORDER BY question_id, sort_order`,
      [questionIds],
    ),
  ]);
  const elapsed = performance.now() - started;
  if (sections.rowCount !== SECTIONS || children[0].rowCount !== SECTIONS * QUESTIONS_PER_SECTION * 5)
    throw new Error('the floor read other rows');
  return elapsed;
}

/** Codes in reverse order, so renumbering has every code and every rule to rewrite. */
async function scrambleCodes(db: Client, surveyId: string): Promise<void> {
  await db.query(`UPDATE question q SET code = 'X' || q.code FROM survey s WHERE s.id = $1 AND q.version_id = s.latest_version_id`, [
    surveyId,
  ]);
}

runBench('builder', async ({ scope }) => {
  const database = await scope.database();
  await migrateDatabase(database.url, SURVEY_BUILDER_DATABASE);
  const db = new Client({ connectionString: database.url, application_name: `bench:${scope.id}` });
  scope.defer('the bench client', () => db.end());
  await db.connect();
  const pool = scope.pool({ connectionString: database.url, max: 3, options: '-c search_path=survey_builder' });
  const port = await freePort();
  const entry = appEntry('survey-builder-api');
  const builderEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    NODE_OPTIONS: `${BUILDER_NODE_FLAGS} ${process.env.BENCH_NODE_OPTIONS ?? ''}`.trim(),
  };
  // The measured app runs with metrics and tracing off; a second one on the same database with both on (every request
  // traced, spans exported to a sink process) times the same saves for the cost of observability (issue 22).
  const app = await startApp(
    scope,
    entry,
    { ...builderEnv, PORT: String(port), METRICS_ENABLED: 'false' },
    answers(`http://127.0.0.1:${port}/health/live`),
  );
  const sinkPort = await freePort();
  await startBareServer(scope, 'otlp-sink.mjs', [String(sinkPort)]);
  const observedPort = await freePort();
  await startApp(
    scope,
    entry,
    {
      ...builderEnv,
      PORT: String(observedPort),
      METRICS_ENABLED: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`,
      OTEL_TRACES_SAMPLER: 'always_on',
    },
    answers(`http://127.0.0.1:${observedPort}/health/live`),
  );
  const base = `http://127.0.0.1:${port}/api`;
  const api = (path: string, method = 'GET', body?: object) =>
    fetch(`${base}${path}`, { method, headers: USER, body: body ? JSON.stringify(body) : undefined });

  const created = (await (
    await api('/surveys', 'POST', {
      title: 'ベンチマーク',
      clientName: 'bench',
      objective: '',
      deliveryArea: '',
      category: '',
      generateInitialContent: false,
    })
  ).json()) as Answer<{ id: string; versions: Array<{ id: string }>; permissions: Array<{ userId: string }> }>;
  const surveyId: string = created.data.id;
  await fillSurvey(db, created.data.versions[0].id);
  const userId: string = created.data.permissions[0].userId;
  await db.query(
    `WITH made AS (
       INSERT INTO survey (title, client_name, objective, delivery_area, category, status, latest_version_no, created_by, updated_by)
       SELECT 'リスト ' || n, 'bench', '', '', '', '下書き', 1, $1, $1 FROM generate_series(2, $2) n RETURNING id)
     INSERT INTO survey_permission (survey_id, user_id, role_type) SELECT id, $1, 'edit' FROM made`,
    [userId, SURVEYS_IN_LIST],
  );

  // Each run of the app beside a run of its floor, on the same version (the survey's latest), so that both see
  // the same load of the shared machine.
  const latestVersion = async () =>
    (await db.query<{ id: string }>(`SELECT latest_version_id AS id FROM survey WHERE id = $1`, [surveyId])).rows[0].id;
  const rssBefore = memoryMb(app.pid, 'VmHWM');
  const saves: number[] = [];
  const copyFloors: number[] = [];
  for (let i = 0; i < RUNS.save; i++) {
    saves.push(...(await timedHttp(1, 'POST', `${base}/surveys/${surveyId}/save`, BROWSER_CODINGS)));
    copyFloors.push(await copyFloor(db, await latestVersion(), 1000 + i));
  }
  const rssPeak = memoryMb(app.pid, 'VmHWM');
  const observedSaves = await timedHttp(
    RUNS.save,
    'POST',
    `http://127.0.0.1:${observedPort}/api/surveys/${surveyId}/save`,
    BROWSER_CODINGS,
  );
  const latestVersionId = await latestVersion();
  // Warmed up before the details are timed, untimed, as a long-running process is (the first details run code the
  // JIT has not optimized yet). After the saves, so that the peak memory above is that of the saves alone.
  await timedHttp(RUNS.warmUp, 'GET', `${base}/surveys/${surveyId}`);
  await readFloor(pool, latestVersionId);
  const details: number[] = [];
  const readFloors: number[] = [];
  for (let i = 0; i < RUNS.detail; i++) {
    details.push(...(await timedHttp(1, 'GET', `${base}/surveys/${surveyId}`)));
    readFloors.push(await readFloor(pool, latestVersionId));
  }
  const renumbers = await timed(
    RUNS.renumber,
    () => scrambleCodes(db, surveyId),
    () => api(`/surveys/${surveyId}/questions/renumber`, 'POST'),
  );
  const list = (await (await api('/surveys')).json()) as Answer<unknown[]>;
  if (list.data.length !== SURVEYS_IN_LIST) throw new Error(`list returned ${list.data.length} surveys`);
  const lists = await timed(
    RUNS.list,
    async () => undefined,
    () => api('/surveys'),
  );

  console.log(`survey-builder-api ${FROM_SOURCE ? 'from source (SWC)' : 'built (dist)'}, node flags: ${BUILDER_NODE_FLAGS || 'none'}`);
  console.log(
    `survey builder: ${SECTIONS} sections x ${QUESTIONS_PER_SECTION} questions (5 choices, 1 branch rule each); ${SURVEYS_IN_LIST} surveys listed\n`,
  );
  console.log('operation\tmedian ms\tmax ms\tfloor median ms');
  const row = (what: string, times: number[], floor?: number[]) =>
    console.log(`${what}\t${median(times).toFixed(0)}\t${Math.max(...times).toFixed(0)}\t${floor ? median(floor).toFixed(0) : '-'}`);
  row(`save (new version, ${saves.length} runs)`, saves, copyFloors);
  row(`save with metrics on and every request traced (${observedSaves.length} runs)`, observedSaves, saves);
  row(`GET detail (${details.length} runs)`, details, readFloors);
  row(`renumber, all codes (${renumbers.length} runs)`, renumbers);
  row(`list of ${SURVEYS_IN_LIST} (${lists.length} runs)`, lists);
  console.log(
    `floors: the same SQL straight through pg, same run, same version (save: its five INSERT … SELECT; detail: its five SELECTs)`,
  );
  console.log(`peak RSS of the API process: ${rssBefore.toFixed(0)} MB before the saves, ${rssPeak.toFixed(0)} MB after (VmHWM)`);

  const questions = `${SECTIONS * QUESTIONS_PER_SECTION} questions`;
  // Medians; where there is a floor, also within `ofFloor` times it.
  const figure = (what: string, times: number[], limit: number, floor?: { times: number[]; ofFloor: number }) =>
    report({
      figure: `${what}, median`,
      value: median(times),
      unit: 'ms',
      floor: floor && median(floor.times),
      targets: [{ op: '<', limit }, ...(floor ? [{ op: '<=' as const, limit: floor.ofFloor, ofFloor: true }] : [])],
    });
  figure(`save (new version) of ${questions}`, saves, 500, { times: copyFloors, ofFloor: 1.5 });
  figure(`GET detail of ${questions}`, details, 150, { times: readFloors, ofFloor: 2 });
  report({
    figure: `peak RSS of the API through ${saves.length} saves of ${questions} (VmHWM)`,
    value: rssPeak,
    unit: 'MB',
    targets: [{ op: '<', limit: 256 }],
  });
  report({
    figure: `save of ${questions} with metrics on and every request traced, median (floor: the same with both off)`,
    value: median(observedSaves),
    unit: 'ms',
    floor: median(saves),
    targets: [{ op: '<=', limit: 1.1, ofFloor: true }],
  });
  figure(`renumber of ${questions}`, renumbers, 500);
  figure(`list of ${SURVEYS_IN_LIST} surveys`, lists, 100);
});
