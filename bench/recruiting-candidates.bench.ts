// Recruiting candidates at size: one project of 100,000 candidates with realistic attributes and survey answers,
// and 20 scoring rules. Measures, through HTTP against recruiting-api running as its own process:
//   - GET candidates with a two-level nested responseFilter, sorted by -score: p95 target < 150 ms;
//   - POST /score over the 100,000 candidates: target < 5 s.
// Floors, measured in the same run: the same SQL (the app's own repository and filter translator) straight through
// pg, without HTTP or Nest. Prints the list query's plan (EXPLAIN ANALYZE).
// Run: npm run bench:candidates   (PostgreSQL must be up: scripts/services.sh)
import { JwtService } from '@nestjs/jwt';
import { migrateDatabase } from '@platform/persistence';
import { freePort } from '@platform/testing/harness';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type { Pool } from 'pg';
import { CandidatesRepository } from '../apps/recruiting-api/src/database/repositories/candidates.repository';
import { RECRUITING_DATABASE } from '../apps/recruiting-api/src/database/database';
import type { DB } from '../apps/recruiting-api/src/database/schema';
import { filterToSql, parseFilter } from '../apps/recruiting-api/src/domain/response-filter';
import { parseScoringRules, scoresSql } from '../apps/recruiting-api/src/domain/scoring-rules';
import { answers, median, percentile, report, runBench, size, startApp } from './bench-kit';

const CANDIDATES = size(100_000, 2_000);
const RUNS = size(60, 5);
const SCORE_RUNS = size(3, 2);
const SECRET = 'bench-secret-0123456789abcdef0123456789';

const FILTER = {
  logic: 'and',
  conditions: [
    { field: 'attributes.gender', operator: 'eq', value: '女性' },
    {
      logic: 'or',
      conditions: [
        { field: 'attributes.pref', operator: 'in', value: ['東京都', '神奈川県', '千葉県'] },
        { field: 'surveyResponses.満足度', operator: 'eq', value: 5 },
      ],
    },
    { field: 'surveyResponses.自由記述', operator: 'contains', value: '便利' },
  ],
};

const PREFS = ['東京都', '神奈川県', '千葉県', '埼玉県', '大阪府', '愛知県', '福岡県', '北海道'];
const RULES = Array.from({ length: 20 }, (_, i) => ({
  when:
    i % 4 === 0
      ? { field: 'pref', operator: 'eq', value: PREFS[i % PREFS.length] }
      : i % 4 === 1
        ? { field: '満足度', operator: 'in', value: [4, 5] }
        : i % 4 === 2
          ? {
              logic: 'or',
              conditions: [
                { field: 'age', operator: 'eq', value: 20 + i },
                { field: '使う機能', operator: 'eq', value: '検索' },
              ],
            }
          : { field: '自由記述', operator: 'contains', value: ['便利', '遅い', '高い', '使いやすい'][i % 4] },
  points: i % 5 === 4 ? -1 : 1 + (i % 3) * 0.5,
}));

async function seed(pool: Pool): Promise<number> {
  const project = await pool.query<{ id: number }>(`INSERT INTO projects (name, scoring_rules) VALUES ('Bench', $1) RETURNING id`, [
    JSON.stringify(RULES),
  ]);
  const projectId = project.rows[0].id;
  await pool.query(
    `INSERT INTO candidates (external_user_id, name, email)
     SELECT 'resp-' || g, '候補者 ' || g, 'user' || g || '@example.com' FROM generate_series(1, $1) g`,
    [CANDIDATES],
  );
  await pool.query(
    `INSERT INTO project_candidates (project_id, candidate_id, attributes, survey_responses, created_at)
     SELECT $1, c.id,
       jsonb_build_object('gender', (ARRAY['女性','男性','その他'])[1 + c.id % 3], 'age', 20 + c.id % 45,
                          'pref', ($2::text[])[1 + c.id % 8], 'occupation', (ARRAY['会社員','学生','自営業','主婦・主夫'])[1 + c.id % 4]),
       jsonb_build_object('満足度', 1 + c.id % 5, '利用頻度', (ARRAY['毎日','週に数回','月に数回'])[1 + c.id % 3],
                          '使う機能', CASE WHEN c.id % 2 = 0 THEN jsonb_build_array('検索','通知') ELSE jsonb_build_array('通知') END,
                          '自由記述', (ARRAY['とても便利です','動作が遅いと感じる','価格が高い','使いやすいが改善の余地あり'])[1 + c.id % 4]),
       now() - make_interval(secs => c.id)
     FROM candidates c`,
    [projectId, PREFS],
  );
  await pool.query('ANALYZE project_candidates');
  return projectId;
}

runBench('candidates', async ({ scope, services }) => {
  const database = await scope.database();
  await migrateDatabase(database.url, RECRUITING_DATABASE);
  const pool = scope.pool({ connectionString: database.url, max: 4, options: '-c search_path=recruiting' });
  // The pool is the scope's (ended at teardown): the Kysely instance over it is not destroyed on its own.
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
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
    },
    answers(`http://127.0.0.1:${port}/health/ready`),
  );
  app.catch(() => undefined); // awaited below, after the seeding
  const started = performance.now();
  const projectId = await seed(pool);
  const user = await pool.query<{ id: number }>(
    `INSERT INTO users (email, name, role) VALUES ('bench@example.com', 'Bench', 'admin') RETURNING id`,
  );
  console.log(`seeded ${CANDIDATES.toLocaleString()} candidates in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const token = new JwtService().sign(
    { sub: String(user.rows[0].id), role: 'admin', type: 'access' },
    { secret: SECRET, algorithm: 'HS256' },
  );
  const headers = { authorization: `Bearer ${token}` };
  await app;
  const base = `http://127.0.0.1:${port}/api/v1/projects/${projectId}/candidates`;

  // Scoring first, so the list sorts real scores.
  const scoreTimes: number[] = [];
  for (let i = 0; i < SCORE_RUNS; i++) {
    await pool.query('UPDATE candidate_scores SET score = NULL');
    const t0 = performance.now();
    const res = await fetch(`${base}/score`, { method: 'POST', headers });
    if (!res.ok) throw new Error(`score: HTTP ${res.status} ${await res.text()}`);
    scoreTimes.push(performance.now() - t0);
  }
  const repository = new CandidatesRepository();
  const scoreFloor: number[] = [];
  for (let i = 0; i < SCORE_RUNS; i++) {
    await pool.query('UPDATE candidate_scores SET score = NULL');
    const t0 = performance.now();
    await repository.applyScores(db, projectId, scoresSql(parseScoringRules(RULES), projectId));
    scoreFloor.push(performance.now() - t0);
  }

  // The full-table updates leave dead rows; autovacuum would clear them in production, so clear them here.
  await pool.query('VACUUM ANALYZE project_candidates');
  const url = `${base}?sort=-score&limit=20&responseFilter=${encodeURIComponent(JSON.stringify(FILTER))}`;
  const listTimes: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { pagination: { totalCount: number } };
    if (!res.ok) throw new Error(`list: HTTP ${res.status}`);
    listTimes.push(performance.now() - t0);
    total = body.pagination.totalCount;
  }
  const response = filterToSql(parseFilter(FILTER, 'f'));
  const listFloor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await repository.page(db, projectId, { response }, '-score', 0, 20);
    listFloor.push(performance.now() - t0);
  }
  const compiled = db
    .selectFrom('projectCandidates as pc')
    .innerJoin('candidates as c', 'c.id', 'pc.candidateId')
    .innerJoin('candidateScores as cs', 'cs.projectCandidateId', 'pc.id')
    .selectAll('pc')
    .select('cs.score')
    .where('pc.projectId', '=', projectId)
    .where('cs.projectId', '=', projectId)
    .where(response)
    .orderBy('cs.score', (o) => o.desc().nullsLast())
    .orderBy('cs.projectCandidateId', 'desc')
    .limit(20)
    .compile();
  const plan = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${compiled.sql}`, [...compiled.parameters]);
  const counted = db
    .selectFrom('projectCandidates as pc')
    .innerJoin('candidates as c', 'c.id', 'pc.candidateId')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('pc.projectId', '=', projectId)
    .where(response)
    .compile();
  const countPlan = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${counted.sql}`, [...counted.parameters]);
  console.log('\nplan of the count query:');
  for (const row of countPlan.rows) console.log(`  ${row['QUERY PLAN']}`);
  console.log('\nplan of the page query (the count runs the same filter without order and limit):');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);

  console.log(`\n${total.toLocaleString()} of ${CANDIDATES.toLocaleString()} candidates match the filter`);
  report({
    figure: `candidate list, nested filter, sort -score, p95 of ${RUNS} (floor: the same SQL through pg)`,
    value: percentile(listTimes, 0.95),
    unit: 'ms',
    floor: percentile(listFloor, 0.95),
    targets: [{ op: '<', limit: 150 }],
  });
  report({
    figure: `score ${CANDIDATES.toLocaleString()} candidates, 20 rules, median of ${SCORE_RUNS} (floor: the same SQL through pg)`,
    value: median(scoreTimes),
    unit: 'ms',
    floor: median(scoreFloor),
    targets: [{ op: '<', limit: 5000 }],
  });
});
