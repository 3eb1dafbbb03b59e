// What the stores hold after the soak, for the checker (soak-check.ts): read once every accepted job has left its
// working state (or the wait for that ended).
import { RACE_COLLECTIONS } from '@platform/race-content-data';
import { TimedOut, waitFor } from '@platform/testing/harness';
import type { Db } from 'mongodb';
import type { Pool } from 'pg';
import type { SoakFacts } from './soak-check';

export interface SoakStores {
  /** recruiting's schema. */
  pool: Pool;
  /** the builder's schema. */
  builder: Pool;
  /** ai-webhook's schema. */
  webhook: Pool;
  mongo: Db;
}

/** Where the bulk sends' invitations are logged: their project and template. */
export interface Invitations {
  projectId: number;
  templateId: number;
}

const q = async <R extends object>(db: Pool, text: string, values: unknown[] = []) => (await db.query<R>(text, values)).rows;

async function countBy(mongo: Db, collection: string, filter: object = {}): Promise<Record<string, number>> {
  const groups = await mongo
    .collection(collection)
    .aggregate<{ _id: string; n: number }>([{ $match: filter }, { $group: { _id: '$status', n: { $sum: 1 } } }])
    .toArray();
  return Object.fromEntries(groups.map((g) => [g._id, g.n]));
}

export async function readFacts({ pool, builder, webhook, mongo }: SoakStores, invitations: Invitations): Promise<SoakFacts> {
  const open = async () => {
    const [imports] = await q<{ open: number }>(
      pool,
      `SELECT count(*)::int AS open FROM import_logs WHERE status IN ('pending', 'processing')`,
    );
    const articles = await mongo.collection('articles').countDocuments({ status: 'generating' });
    const blogs = await mongo.collection('blogs').countDocuments({ status: 'generating' });
    return imports.open + articles + blogs;
  };
  const settled = await waitFor(async () => ((await open()) === 0 ? true : undefined), {
    timeoutMs: 180_000,
    intervalMs: 500,
    what: 'every accepted job to finish',
  }).catch((error: unknown) => {
    if (error instanceof TimedOut) return false;
    throw error;
  });
  const imports = await q<{ status: string; imported: number; duplicates: number; errors: number }>(
    pool,
    `SELECT status, imported_count AS imported, duplicate_count AS duplicates, error_count AS errors FROM import_logs WHERE kind = 'file'`,
  );
  const [people] = await q<{ n: number }>(pool, `SELECT count(*)::int AS n FROM candidates WHERE external_user_id LIKE 'soak-imp-%'`);
  // Blogs have no failed status: a failed generation leaves a draft with the reason in generation_error.
  const blogsFailed = await mongo.collection('blogs').countDocuments({ status: 'draft', generation_error: { $nin: [null, ''] } });
  const [signals] = await q<{ parsed: number; audited: number }>(
    webhook,
    `SELECT count(*) FILTER (WHERE phase = 'awaiting_confirm')::int AS parsed, (SELECT count(*)::int FROM webhook_audit) AS audited
     FROM ai_job`,
  );
  const bookings = await q<{ id: number; candidate: number; interviewer: number; start: Date; end: Date }>(
    pool,
    `SELECT id, project_candidate_id AS candidate, interviewer_id AS interviewer, scheduled_at AS start, ends_at AS "end"
     FROM reservations WHERE status = 'confirmed'`,
  );
  // The invitations of the bulk sends (the confirmations send mails of their own).
  const [sent] = await q<{ n: number }>(
    pool,
    `SELECT count(*)::int AS n FROM email_logs WHERE project_id = $1 AND template_id = $2 AND status = 'sent'`,
    [invitations.projectId, invitations.templateId],
  );
  const [gappy] = await q<{ n: number }>(
    builder,
    `SELECT count(*)::int AS n FROM (SELECT survey_id FROM survey_version GROUP BY survey_id
       HAVING count(*) <> max(version_no) OR count(DISTINCT version_no) <> count(*)) gappy`,
  );
  const [afterFirst] = await q<{ n: number }>(builder, `SELECT (count(*) - count(DISTINCT survey_id))::int AS n FROM survey_version`);
  return {
    settled,
    imports,
    importedPeople: people.n,
    articles: await countBy(mongo, 'articles'),
    blogs: { byStatus: await countBy(mongo, 'blogs'), failed: blogsFailed },
    races: await mongo.collection(RACE_COLLECTIONS.horse_racing).countDocuments({ _id: { $regex: '^h-soak-' } } as object),
    signals,
    bookings: bookings.map((b) => ({ ...b, start: b.start.getTime(), end: b.end.getTime() })),
    sent: sent.n,
    versions: { gappy: gappy.n, afterFirst: afterFirst.n },
  };
}
