// The soak's data, seeded into its own stores before the traffic (soak.ts): users and their tokens, projects,
// interviewers with a month of windows, candidates with scheduling tokens and preferred slots, and ai-webhook's jobs.
import { JwtService } from '@nestjs/jwt';
import type { Pool } from 'pg';
import { hashSchedulingToken, newSchedulingToken } from '../../apps/recruiting-api/src/domain/scheduling-token';

/** What traffic.k6.js reads (SOAK_DATA). */
export interface SeedData {
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

export const WEBHOOK_JOBS = 5000;
export const WEBHOOK_NONCE = 'soak-nonce';

/** wf2des jobs waiting for their phase signals, in ai-webhook's schema. */
export async function seedWebhookJobs(pool: Pool): Promise<void> {
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
export async function seed(
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
  // Candidates whose preferred slots overlap: pairs ask for the same interviewer, the second half an hour after the
  // first, so confirmations race for overlapping hours (not only equal starts) as well as for one candidate.
  const confirmCandidates = await candidates(confirmProjectId, 200, 'soak-confirm-', 'scheduling');
  await q(
    `INSERT INTO preferred_slots (project_candidate_id, interviewer_id, start_at, end_at)
     SELECT c.id, ($2::int[])[1 + (c.n / 2) % 5], s.start_at, s.start_at + interval '1 hour'
     FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM unnest($1::int[]) id) c,
          LATERAL (SELECT ((now() AT TIME ZONE 'Asia/Tokyo')::date + 2 + (c.n / 20)::int + time '10:00'
                           + make_interval(hours => ((c.n / 2) % 7)::int, mins => (c.n % 2)::int * 30)) AT TIME ZONE 'Asia/Tokyo' AS start_at) s`,
    [confirmCandidates, interviewers],
  );
  await q('ANALYZE');
  return { projectId, confirmProjectId, viewer, member, admin, listTokens, submitTokens, confirmCandidates, sendCandidates };
}
