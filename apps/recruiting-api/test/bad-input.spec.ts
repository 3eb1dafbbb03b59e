import { createHash } from 'node:crypto';
import { type DevIdp, startDevIdp } from '@platform/dev-idp';
import { describeBadInputSweep, describeRoleSweep } from '@platform/testing/sweep';
import { BAD_IDENTITIES, type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

/**
 * Every documented route of recruiting-api under malformed input (libs/testing): never a 5xx, always the documented
 * error body. The app runs with every dependency configured (identity provider, import queue, survey warehouse), so a
 * refusal is the input's doing.
 */
const SWEEP_TOKEN = 'sweep-token-0123456789abcdefghijklmnopqrstuvw';

describe('recruiting-api under bad input', () => {
  let idp: DevIdp;
  let t: RecruitingTestApp;
  const ids: Record<string, number> = {};
  let fileId: string;

  beforeAll(async () => {
    const callback = 'http://127.0.0.1:9/api/v1/auth/idp/callback';
    idp = await startDevIdp({ clients: [{ clientId: 'recruiting-api', clientSecret: 'sweep-secret', redirectUris: [callback] }] });
    t = await startRecruiting(
      'recruiting_sweep',
      {
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_SECRET: 'sweep-secret',
        OIDC_REDIRECT_URL: callback,
        PUBLIC_RATE_LIMIT_PER_ADDRESS: '100000',
        PUBLIC_RATE_LIMIT_PER_TOKEN: '100000',
      },
      { queue: true, warehouse: true },
    );
    ids.admin = await t.insertUser('admin@example.com', 'Admin', 'admin');
    ids.member = await t.insertUser('member@example.com', 'Member', 'member');
    ids.viewer = await t.insertUser('viewer@example.com', 'Viewer', 'viewer');
    ids.project = (await t.pool.query<{ id: number }>("INSERT INTO projects (name) VALUES ('Sweep') RETURNING id")).rows[0].id;
    const person = await t.pool.query<{ id: number }>(
      "INSERT INTO candidates (external_user_id, name) VALUES ('sweep-1', 'Sweep') RETURNING id",
    );
    ids.candidate = (
      await t.pool.query<{ id: number }>(
        `INSERT INTO project_candidates (project_id, candidate_id, attributes) VALUES ($1, $2, '{"age": 30}') RETURNING id`,
        [ids.project, person.rows[0].id],
      )
    ).rows[0].id;
    const upload = await t
      .http()
      .post(`/api/v1/projects/${ids.project}/candidates/import/upload`)
      .set(t.as(ids.admin, 'admin'))
      .attach('file', Buffer.from('\ufeff会員ID\t氏名\tメール\nM1\t田中\tt@example.jp\n', 'utf16le'), 'sweep.tsv')
      .expect(200);
    fileId = upload.body.data.file_id;
    ids.importLog = (
      await t.pool.query<{ id: number }>(
        `INSERT INTO import_logs (project_id, kind, file_id, request, status) VALUES ($1, 'file', $2, '{}', 'completed') RETURNING id`,
        [ids.project, fileId],
      )
    ).rows[0].id;
    ids.template = (
      await t.pool.query<{ id: number }>(
        "INSERT INTO email_templates (project_id, type, name, subject, body) VALUES ($1, 'invitation', 'Sweep', 's', 'b') RETURNING id",
        [ids.project],
      )
    ).rows[0].id;
    ids.availability = (
      await t.pool.query<{ id: number }>(
        `INSERT INTO interviewer_availability (project_id, interviewer_id, start_at, end_at)
         VALUES ($1, $2, now() + interval '1 day', now() + interval '1 day 3 hours') RETURNING id`,
        [ids.project, ids.member],
      )
    ).rows[0].id;
    ids.reservation = (
      await t.pool.query<{ id: number }>(
        `INSERT INTO reservations (project_id, project_candidate_id, interviewer_id, scheduled_at, ends_at, duration_minutes,
           interview_type, status)
         VALUES ($1, $2, $3, now() + interval '2 days', now() + interval '2 days 1 hour', 60, 'online_meet', 'confirmed') RETURNING id`,
        [ids.project, ids.candidate, ids.member],
      )
    ).rows[0].id;
    await t.pool.query(
      "INSERT INTO scheduling_tokens (project_candidate_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')",
      [ids.candidate, createHash('sha256').update(SWEEP_TOKEN).digest()],
    );
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  const pathValues = () => ({
    userId: String(ids.member),
    projectId: String(ids.project),
    candidateId: String(ids.candidate),
    fileId,
    importId: String(ids.importLog),
    surveyId: 'svy-2026-usage',
    panelId: 'p-2026-usage-00001',
    templateId: String(ids.template),
    availabilityId: String(ids.availability),
    token: SWEEP_TOKEN,
    reservationId: String(ids.reservation),
  });

  describeBadInputSweep({
    app: () => t.app,
    identity: () => t.as(ids.admin, 'admin'),
    badIdentities: BAD_IDENTITIES,
    pathValues,
    // A preview renders the template the sweep's other requests write, with its candidate.
    bodyValues: () => ({ templateId: ids.template, candidateId: ids.candidate }),
    rereads: ['previewEmailTemplate', 'previewEmail'],
  });
  describeRoleSweep({ app: () => t.app, weakest: () => t.as(ids.viewer, 'viewer'), pathValues });
});
