// The soak's checker: reads k6's summary, the edge's access log of the soak and the stores, and judges.
import { RACE_COLLECTIONS } from '@platform/race-content-data';
import { waitFor } from '@platform/testing';
import type { Db } from 'mongodb';
import type { Pool } from 'pg';

export interface RouteFigures {
  route: string;
  count: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors5xx: number;
  unexpected: number;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

interface K6Metric {
  values: Record<string, number>;
}

interface K6Summary {
  metrics: Record<string, K6Metric>;
  state: { testRunDurationMs: number };
}

export interface SoakInputs {
  /** recruiting's schema. */
  pool: Pool;
  /** the builder's schema. */
  builder: Pool;
  /** ai-webhook's schema. */
  webhook: Pool;
  mongo: Db;
  summary: K6Summary;
  /** The edge's JSON access log lines written during the soak. */
  edgeLog: string;
  seeded: { confirmProjectId: number; projectId: number; invitationTemplateId: number };
}

const counter = (summary: K6Summary, name: string) => summary.metrics[name]?.values.count ?? 0;

export function routeFigures(summary: K6Summary): RouteFigures[] {
  const seconds = summary.state.testRunDurationMs / 1000;
  return Object.entries(summary.metrics)
    .filter(([name]) => /^route_[a-z_]+$/.test(name) && !/_(5xx|unexpected)$/.test(name))
    .map(([name, metric]) => ({
      route: name.slice('route_'.length),
      count: metric.values.count,
      rps: metric.values.count / seconds,
      p50: metric.values.med,
      p95: metric.values['p(95)'],
      p99: metric.values['p(99)'],
      max: metric.values.max,
      errors5xx: counter(summary, `${name}_5xx`),
      unexpected: counter(summary, `${name}_unexpected`),
    }))
    .filter((figures) => figures.count > 0);
}

const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

export async function checkSoak(inputs: SoakInputs): Promise<{ routes: RouteFigures[]; checks: Check[] }> {
  const { pool, builder, webhook, mongo, summary, edgeLog, seeded } = inputs;
  const q = async <R extends object>(db: Pool, text: string, values: unknown[] = []) => (await db.query<R>(text, values)).rows;
  const routes = routeFigures(summary);
  const checks: Check[] = [];

  const clientErrors = routes.reduce((n, r) => n + r.errors5xx, 0);
  const edge5xx = edgeLog
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { status?: number; request?: { uri?: string } })
    .filter((entry) => (entry.status ?? 0) >= 500);
  checks.push(
    check(
      'zero 5xx',
      clientErrors === 0 && edge5xx.length === 0,
      `${clientErrors} seen by k6, ${edge5xx.length} in the edge's access log${
        edge5xx.length
          ? ` (${edge5xx
              .slice(0, 3)
              .map((e) => `${e.status} ${e.request?.uri?.split('?')[0]}`)
              .join(', ')})`
          : ''
      }`,
    ),
  );
  const unexpected = routes.filter((r) => r.unexpected > 0);
  checks.push(
    check(
      'every answer one its route may give',
      unexpected.length === 0,
      unexpected.length
        ? unexpected.map((r) => `${r.route}: ${r.unexpected}`).join(', ')
        : `${routes.reduce((n, r) => n + r.count, 0)} requests`,
    ),
  );

  // Every accepted job reaches a final state (the workers were killed on the way).
  const acceptedImports = counter(summary, 'accepted_imports');
  const acceptedArticles = counter(summary, 'accepted_articles');
  const pending = async () => {
    const [imports] = await q<{ open: number }>(
      pool,
      `SELECT count(*)::int AS open FROM import_logs WHERE status IN ('pending', 'processing')`,
    );
    const articles = await mongo.collection('articles').countDocuments({ status: 'generating' });
    const blogs = await mongo.collection('blogs').countDocuments({ status: 'generating' });
    return imports.open + articles + blogs;
  };
  const settled = await waitFor(async () => ((await pending()) === 0 ? true : undefined), {
    timeoutMs: 180_000,
    intervalMs: 500,
    what: 'every accepted job to finish',
  }).catch(() => false);
  const [imports] = await q<{ total: number; exact: number; rows: number; candidates: number }>(
    pool,
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status = 'completed' AND imported_count = 20 AND duplicate_count = 0 AND error_count = 0)::int AS exact,
            coalesce(sum(imported_count), 0)::int AS rows,
            (SELECT count(*)::int FROM candidates WHERE external_user_id LIKE 'soak-imp-%') AS candidates
     FROM import_logs WHERE kind = 'file'`,
  );
  const articles = await mongo
    .collection('articles')
    .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$status', n: { $sum: 1 } } }])
    .toArray();
  const byStatus = Object.fromEntries(articles.map((a) => [a._id, a.n]));
  const articleTotal = articles.reduce((n, a) => n + a.n, 0);
  const acceptedBlogs = counter(summary, 'accepted_blogs');
  const blogStatuses = await mongo
    .collection('blogs')
    .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$status', n: { $sum: 1 } } }])
    .toArray();
  const blogsByStatus = Object.fromEntries(blogStatuses.map((b) => [b._id, b.n]));
  const blogTotal = blogStatuses.reduce((n, b) => n + b.n, 0);
  checks.push(
    check(
      'every 202 job reached a final state',
      Boolean(settled) &&
        imports.total === acceptedImports &&
        articleTotal === acceptedArticles &&
        !byStatus.generating &&
        blogTotal === acceptedBlogs &&
        !blogsByStatus.generating,
      `${acceptedImports} imports accepted, ${imports.total} logged; ${acceptedArticles} articles accepted, ${articleTotal} stored: ${JSON.stringify(byStatus)}; ${acceptedBlogs} blogs accepted, ${blogTotal} stored: ${JSON.stringify(blogsByStatus)}`,
    ),
  );
  const races = await mongo.collection(RACE_COLLECTIONS.horse_racing).countDocuments({ _id: { $regex: '^h-soak-' } } as object);
  const racesAnswered = counter(summary, 'races_stored');
  checks.push(check('every race upload stored once', races === racesAnswered, `${racesAnswered} answered 201, ${races} stored`));
  const [signals] = await q<{ parsed: number; audited: number }>(
    webhook,
    `SELECT count(*) FILTER (WHERE phase = 'awaiting_confirm')::int AS parsed, (SELECT count(*)::int FROM webhook_audit) AS audited
     FROM ai_job`,
  );
  const signalled = counter(summary, 'signalled_jobs');
  checks.push(
    check(
      'every phase signal applied',
      signals.parsed === signalled && signals.audited >= 2 * signalled,
      `${signalled} jobs signalled parse_started and parse_done, ${signals.parsed} awaiting confirmation, ${signals.audited} audit rows`,
    ),
  );
  checks.push(
    check(
      "every import's counts exact",
      imports.exact === imports.total && imports.rows === imports.total * 20 && imports.candidates === imports.rows,
      `${imports.exact} of ${imports.total} completed with 20 imported, 0 duplicates, 0 errors; ${imports.rows} rows counted, ${imports.candidates} people stored`,
    ),
  );

  // Confirmations raced for the same candidates and the same interviewer hours.
  const doubles = await q<{ n: number }>(
    pool,
    `SELECT count(*)::int AS n FROM (
       SELECT interviewer_id, scheduled_at FROM reservations WHERE status = 'confirmed'
       GROUP BY 1, 2 HAVING count(*) > 1
       UNION ALL
       SELECT project_candidate_id, NULL FROM reservations WHERE status = 'confirmed' GROUP BY 1 HAVING count(*) > 1) twice`,
  );
  const [booked] = await q<{ n: number }>(
    pool,
    `SELECT count(*)::int AS n FROM reservations WHERE project_id = $1 AND status = 'confirmed'`,
    [seeded.confirmProjectId],
  );
  const confirmedAnswers = counter(summary, 'confirmed_reservations');
  checks.push(
    check(
      'no slot booked twice',
      doubles[0].n === 0 && booked.n === confirmedAnswers,
      `${booked.n} reservations for ${confirmedAnswers} answers 201; ${doubles[0].n} slots or candidates booked twice`,
    ),
  );

  const [sent] = await q<{ n: number }>(
    pool,
    `SELECT count(*)::int AS n FROM email_logs WHERE project_id = $1 AND template_id = $2 AND status = 'sent'`,
    [seeded.projectId, seeded.invitationTemplateId],
  );
  const sentAnswers = counter(summary, 'emails_sent');
  checks.push(check('every bulk send logged', sent.n === sentAnswers, `${sentAnswers} sends answered, ${sent.n} logged`));

  const gaps = await q<{ survey_id: string; versions: number; top: number }>(
    builder,
    `SELECT survey_id, count(*)::int AS versions, max(version_no) AS top FROM survey_version GROUP BY survey_id
     HAVING count(*) <> max(version_no) OR count(DISTINCT version_no) <> count(*)`,
  );
  const [saved] = await q<{ n: number }>(builder, `SELECT (count(*) - count(DISTINCT survey_id))::int AS n FROM survey_version`);
  const savedAnswers = counter(summary, 'versions_saved');
  checks.push(
    check(
      'version numbers dense',
      gaps.length === 0 && saved.n === savedAnswers,
      `${savedAnswers} saves answered 201, ${saved.n} versions after the first; ${gaps.length} surveys with gaps or repeats`,
    ),
  );
  return { routes, checks };
}
