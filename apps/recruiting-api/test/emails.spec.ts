import { createHash } from 'node:crypto';
import { sampleSum, scrapeMetrics } from '@platform/testing/harness';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { bodyOf, decodeHeader, headerOf, insertCandidates, insertProject, startSmtpSink } from './support/scheduling-fixtures';

const PUBLIC_URL = 'https://jobs.example.com/schedule';

/** Email templates, preview, bulk send and logs (issue 10) with PROTOTYPE_MODE true. */
describe('emails', () => {
  let t: RecruitingTestApp;
  const ids: Record<string, number> = {};
  let projectId: number;
  let otherProjectId: number;
  let candidates: number[];
  let otherCandidate: number;
  const as = (who: 'member' | 'viewer') => t.as(ids[who], who);

  beforeAll(async () => {
    t = await startRecruiting('recruiting_emails', { PUBLIC_SCHEDULING_URL: PUBLIC_URL });
    ids.member = await t.insertUser('member@example.com', '採用 担当', 'member');
    ids.viewer = await t.insertUser('viewer@example.com', 'Viewer', 'viewer');
    projectId = await insertProject(t, '2026年秋 <インタビュー>', 45);
    otherProjectId = await insertProject(t, 'Other');
    candidates = await insertCandidates(t, projectId, [
      { name: '山田 花子', email: 'hanako@example.com' },
      { name: '佐藤 <b>太郎</b>', email: 'taro@example.com', status: 'waiting_response' },
      { name: 'No Mail', email: null },
    ]);
    [otherCandidate] = await insertCandidates(t, otherProjectId, [{ name: 'Elsewhere', email: 'else@example.com' }]);
  });
  afterAll(async () => t?.close());

  it('lists the four seeded Japanese system templates to a viewer', async () => {
    const res = await t.http().get('/api/v1/email-templates').set(as('viewer')).expect(200);
    expect(res.body.data.map((x: { type: string }) => x.type).sort()).toEqual(['cancellation', 'confirmation', 'invitation', 'reminder']);
    for (const template of res.body.data) {
      expect(template.projectId).toBeNull();
      expect(template.subject).toMatch(/[\u3040-\u30ff]/);
    }
    expect(res.body.data.find((x: { type: string }) => x.type === 'invitation').body).toContain('{{scheduling_url}}');
  });

  describe('project templates', () => {
    let templateId: number;

    it('creates, lists, updates and deletes, with 404 for other projects and system templates', async () => {
      const created = await t
        .http()
        .post(`/api/v1/projects/${projectId}/email-templates`)
        .set(as('member'))
        .send({ type: 'reminder', name: 'リマインド', subject: '{{project_name}} のご案内', body: '{{candidate_name}} 様' })
        .expect(201);
      templateId = created.body.data.id;
      expect(created.body.data).toMatchObject({ projectId, type: 'reminder', name: 'リマインド' });
      const list = await t.http().get(`/api/v1/projects/${projectId}/email-templates`).set(as('viewer')).expect(200);
      expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([templateId]);
      const updated = await t
        .http()
        .patch(`/api/v1/projects/${projectId}/email-templates/${templateId}`)
        .set(as('member'))
        .send({ name: '新しい名前' })
        .expect(200);
      expect(updated.body.data).toMatchObject({ name: '新しい名前', subject: '{{project_name}} のご案内' });
      await t
        .http()
        .patch(`/api/v1/projects/${otherProjectId}/email-templates/${templateId}`)
        .set(as('member'))
        .send({ name: 'x' })
        .expect(404);
      const system = (await t.http().get('/api/v1/email-templates').set(as('viewer'))).body.data[0].id;
      await t.http().delete(`/api/v1/projects/${projectId}/email-templates/${system}`).set(as('member')).expect(404);
      await t.http().delete(`/api/v1/projects/${projectId}/email-templates/${templateId}`).set(as('member')).expect(204);
      await t.http().delete(`/api/v1/projects/${projectId}/email-templates/${templateId}`).set(as('member')).expect(404);
    });

    it('enforces the limits and the roles', async () => {
      const url = `/api/v1/projects/${projectId}/email-templates`;
      const ok = { type: 'invitation', name: 'n', subject: 's', body: 'b' };
      await t
        .http()
        .post(url)
        .set(as('member'))
        .send({ ...ok, name: 'x'.repeat(256) })
        .expect(400);
      await t
        .http()
        .post(url)
        .set(as('member'))
        .send({ ...ok, subject: 'x'.repeat(501) })
        .expect(400);
      await t
        .http()
        .post(url)
        .set(as('member'))
        .send({ ...ok, body: '' })
        .expect(400);
      await t
        .http()
        .post(url)
        .set(as('member'))
        .send({ ...ok, type: 'welcome' })
        .expect(400);
      await t.http().post(url).set(as('viewer')).send(ok).expect(403);
      await t.http().post('/api/v1/projects/999999/email-templates').set(as('member')).send(ok).expect(404);
      await t.http().get('/api/v1/projects/999999/email-templates').set(as('viewer')).expect(404);
    });
  });

  describe('preview', () => {
    let htmlTemplate: number;

    beforeAll(async () => {
      htmlTemplate = (
        await t
          .http()
          .post(`/api/v1/projects/${projectId}/email-templates`)
          .set(as('member'))
          .send({
            type: 'invitation',
            name: 'HTML',
            subject: '【{{project_name}}】{{candidate_name}} 様',
            body: '<p>{{candidate_name}} 様 {{nickname}}</p><p>{{interview_duration_minutes}}分</p>',
          })
          .expect(201)
      ).body.data.id;
    });

    it('renders identically under both base paths, escaping values in HTML and keeping unknown placeholders', async () => {
      const body = { templateId: htmlTemplate, candidateId: candidates[1] };
      const a = await t.http().post(`/api/v1/projects/${projectId}/email-templates/preview`).set(as('member')).send(body).expect(200);
      const b = await t.http().post(`/api/v1/projects/${projectId}/emails/preview`).set(as('member')).send(body).expect(200);
      expect(a.body.data).toEqual(b.body.data);
      expect(a.body.data.to).toBe('taro@example.com');
      expect(a.body.data.subject).toBe('【2026年秋 <インタビュー>】佐藤 <b>太郎</b> 様');
      expect(a.body.data.body).toContain('<p>佐藤 &lt;b&gt;太郎&lt;/b&gt; 様 {{nickname}}</p><p>45分</p>');
      expect(a.body.data.body).toContain(`<a href="${PUBLIC_URL}/&lt;token&gt;">`);
      expect(a.body.data.warnings).toContain('Unknown placeholder {{nickname}} was left as it is');
    });

    it('answers 404 for a template or candidate of another project, and 400 for a malformed body', async () => {
      const url = `/api/v1/projects/${projectId}/emails/preview`;
      await t.http().post(url).set(as('member')).send({ templateId: htmlTemplate, candidateId: otherCandidate }).expect(404);
      await t.http().post(url).set(as('member')).send({ templateId: 999999, candidateId: candidates[0] }).expect(404);
      await t.http().post(url).set(as('member')).send({ templateId: 'x', candidateId: candidates[0] }).expect(400);
      await t
        .http()
        .post(`/api/v1/projects/${otherProjectId}/emails/preview`)
        .set(as('member'))
        .send({ templateId: htmlTemplate, candidateId: otherCandidate })
        .expect(404);
    });
  });

  describe('bulk send (PROTOTYPE_MODE true)', () => {
    let invitation: number;

    beforeAll(async () => {
      const system = (await t.http().get('/api/v1/email-templates').set(as('viewer'))).body.data;
      invitation = system.find((x: { type: string }) => x.type === 'invitation').id;
    });

    it('sends invitations: logs, tokens in the body, pending moves to contacted with history, per-candidate errors', async () => {
      const res = await t
        .http()
        .post(`/api/v1/projects/${projectId}/emails/send`)
        .set(as('member'))
        .send({ templateId: invitation, candidateIds: [candidates[0], candidates[1], candidates[2], otherCandidate, candidates[0]] })
        .expect(200);
      expect(res.body.data).toEqual({
        sent_count: 2,
        failed_count: 2,
        errors: [
          { candidateId: candidates[2], email: '', message: 'The candidate has no email address' },
          { candidateId: otherCandidate, email: '', message: 'The candidate does not exist in this project' },
        ],
      });
      const logs = await t.http().get(`/api/v1/projects/${projectId}/emails/logs`).set(as('viewer')).expect(200);
      expect(logs.body.pagination).toMatchObject({ totalCount: 2, page: 1, limit: 20 });
      const hanako = logs.body.data.find((l: { projectCandidateId: number }) => l.projectCandidateId === candidates[0]);
      expect(hanako).toMatchObject({
        templateId: invitation,
        status: 'sent',
        sentBy: ids.member,
        candidateName: '山田 花子',
        candidateEmail: 'hanako@example.com',
        senderName: '採用 担当',
      });
      expect(hanako.subject).toBe('【2026年秋 <インタビュー>】インタビューご協力のお願い');
      // The log keeps the mail with the token masked: the link is the candidate's, the token table has only its digest.
      expect(hanako.body).toContain(`${PUBLIC_URL}/[token]`);
      expect(hanako.body).not.toMatch(/[A-Za-z0-9_-]{43}/);
      const stored = await t.pool.query('SELECT token_hash, expires_at FROM scheduling_tokens WHERE project_candidate_id = $1', [
        candidates[0],
      ]);
      expect(stored.rows[0].token_hash).toHaveLength(32);
      const days = (stored.rows[0].expires_at.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThanOrEqual(14);
      const detail = await t.http().get(`/api/v1/projects/${projectId}/candidates/${candidates[0]}`).set(as('viewer')).expect(200);
      expect(detail.body.data.status).toBe('contacted');
      const history = await t.http().get(`/api/v1/projects/${projectId}/candidates/${candidates[0]}/history`).set(as('viewer'));
      expect(history.body.data[0]).toMatchObject({ fromStatus: 'pending', toStatus: 'contacted', changedBy: ids.member });
      // waiting_response is not pending: it stays.
      const taro = await t.http().get(`/api/v1/projects/${projectId}/candidates/${candidates[1]}`).set(as('viewer'));
      expect(taro.body.data.status).toBe('waiting_response');
    });

    it('replaces the earlier token on a new invitation; the candidate log route pages and sorts', async () => {
      const before = await t.pool.query('SELECT token_hash FROM scheduling_tokens WHERE project_candidate_id = $1', [candidates[0]]);
      await t
        .http()
        .post(`/api/v1/projects/${projectId}/email-templates/send`)
        .set(as('member'))
        .send({ templateId: invitation, candidateIds: [candidates[0]] })
        .expect(200);
      const after = await t.pool.query('SELECT token_hash FROM scheduling_tokens WHERE project_candidate_id = $1', [candidates[0]]);
      expect(after.rows).toHaveLength(1);
      expect(after.rows[0].token_hash).not.toEqual(before.rows[0].token_hash);
      const url = `/api/v1/projects/${projectId}/candidates/${candidates[0]}/email-logs`;
      const newest = await t.http().get(`${url}?limit=1`).set(as('viewer')).expect(200);
      const oldest = await t.http().get(`${url}?limit=1&sort=sentAt`).set(as('viewer')).expect(200);
      expect(newest.body.pagination).toMatchObject({ totalCount: 2, totalPages: 2, hasNext: true });
      expect(newest.body.data[0].id).toBeGreaterThan(oldest.body.data[0].id);
      await t.http().get(`${url}?sort=subject`).set(as('viewer')).expect(400);
      await t.http().get(`${url}?limit=101`).set(as('viewer')).expect(400);
      await t.http().get(`/api/v1/projects/${projectId}/candidates/${otherCandidate}/email-logs`).set(as('viewer')).expect(404);
    });

    it('refuses empty or oversized candidate lists, and unknown templates', async () => {
      const url = `/api/v1/projects/${projectId}/emails/send`;
      await t.http().post(url).set(as('member')).send({ templateId: invitation, candidateIds: [] }).expect(400);
      await t
        .http()
        .post(url)
        .set(as('member'))
        .send({ templateId: invitation, candidateIds: Array.from({ length: 1001 }, (_, i) => i + 1) })
        .expect(400);
      await t
        .http()
        .post(url)
        .set(as('member'))
        .send({ templateId: 999999, candidateIds: [candidates[0]] })
        .expect(404);
      await t
        .http()
        .post(url)
        .set(as('viewer'))
        .send({ templateId: invitation, candidateIds: [candidates[0]] })
        .expect(403);
    });

    it('deleting a candidate removes its logs and token', async () => {
      const [gone] = await insertCandidates(t, projectId, [{ name: 'Gone', email: 'gone@example.com' }]);
      await t
        .http()
        .post(`/api/v1/projects/${projectId}/emails/send`)
        .set(as('member'))
        .send({ templateId: invitation, candidateIds: [gone] });
      await t.http().delete(`/api/v1/projects/${projectId}/candidates/${gone}`).set(as('member')).expect(204);
      const left = await t.pool.query(
        'SELECT (SELECT count(*) FROM email_logs WHERE project_candidate_id = $1) + (SELECT count(*) FROM scheduling_tokens WHERE project_candidate_id = $1) AS n',
        [gone],
      );
      expect(Number(left.rows[0].n)).toBe(0);
    });
  });
});

/** With PROTOTYPE_MODE false: nodemailer delivers to a real in-process SMTP server; a dead server is a 500 with failed logs. */
describe('emails over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let live: RecruitingTestApp;
  let dead: RecruitingTestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    live = await startRecruiting('recruiting_emails_smtp', {
      PROTOTYPE_MODE: 'false',
      SMTP_URL: sink.url,
      PUBLIC_SCHEDULING_URL: PUBLIC_URL,
    });
    dead = await startRecruiting('recruiting_emails_dead', { PROTOTYPE_MODE: 'false', SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await live?.close();
    await dead?.close();
    await sink?.close();
  });

  async function arrange(t: RecruitingTestApp) {
    const member = await t.insertUser('member@example.com', 'Member', 'member');
    const projectId = await insertProject(t, '春の調査');
    const ids = await insertCandidates(t, projectId, [
      { name: '山田 花子', email: 'hanako@example.com' },
      { name: '鈴木 一郎', email: 'ichiro@example.com' },
    ]);
    const templates = (await t.http().get('/api/v1/email-templates').set(t.as(member, 'member'))).body.data;
    return { member, projectId, ids, invitation: templates.find((x: { type: string }) => x.type === 'invitation').id };
  }

  it('delivers each mail with a UTF-8 Japanese subject and the scheduling link', async () => {
    const { member, projectId, ids, invitation } = await arrange(live);
    const sentBefore = sampleSum(await scrapeMetrics(live.app), 'mail_deliveries_total', { outcome: 'sent' });
    const res = await live
      .http()
      .post(`/api/v1/projects/${projectId}/emails/send`)
      .set(live.as(member, 'member'))
      .send({ templateId: invitation, candidateIds: ids })
      .expect(200);
    expect(res.body.data).toEqual({ sent_count: 2, failed_count: 0, errors: [] });
    expect(sampleSum(await scrapeMetrics(live.app), 'mail_deliveries_total', { outcome: 'sent' })).toBe(sentBefore + 2);
    expect(
      sink.mails
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['hanako@example.com', 'ichiro@example.com']);
    const mail = sink.mails.find((m) => m.to[0] === 'hanako@example.com')!;
    expect(mail.from).toBe('recruiting@example.com');
    expect(decodeHeader(headerOf(mail.raw, 'subject')!)).toBe('【春の調査】インタビューご協力のお願い');
    expect(headerOf(mail.raw, 'content-type')).toMatch(/text\/plain; charset=utf-8/i);
    const text = bodyOf(mail.raw);
    expect(text).toContain('山田 花子 様');
    // The mail carries the live link, the log the same text with the token masked.
    const token = new RegExp(`${PUBLIC_URL}/([A-Za-z0-9_-]{43})`).exec(text)![1];
    const stored = await live.pool.query(
      `SELECT t.token_hash FROM scheduling_tokens t JOIN project_candidates pc ON pc.id = t.project_candidate_id
       JOIN candidates c ON c.id = pc.candidate_id WHERE c.email = 'hanako@example.com'`,
    );
    expect(stored.rows[0].token_hash).toEqual(createHash('sha256').update(token).digest());
    const logs = await live.pool.query('SELECT status, body, recipient FROM email_logs ORDER BY id');
    expect(logs.rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const logged = logs.rows.find((r) => r.recipient === 'hanako@example.com')!;
    expect(logged.body).not.toContain(token);
    expect(logged.body.trim()).toBe(text.replace(/\r\n/g, '\n').trim().replace(token, '[token]'));
  });

  it('answers 500 EMAIL_SEND_ERROR when the server is down and keeps one failed log row per attempt', async () => {
    const { member, projectId, ids, invitation } = await arrange(dead);
    const unreachable = async () => sampleSum(await scrapeMetrics(dead.app), 'mail_deliveries_total', { outcome: 'unreachable' });
    const before = await unreachable();
    const res = await dead
      .http()
      .post(`/api/v1/projects/${projectId}/emails/send`)
      .set(dead.as(member, 'member'))
      .send({ templateId: invitation, candidateIds: ids })
      .expect(500);
    expect(res.body.error.code).toBe('EMAIL_SEND_ERROR');
    // Counted for the mail alert (docs/runbooks/platform-mail-delivery-failing.md).
    expect(await unreachable()).toBe(before + 1);
    const logs = await dead.pool.query('SELECT project_candidate_id, status, subject FROM email_logs ORDER BY id');
    expect(logs.rows).toEqual([{ project_candidate_id: ids[0], status: 'failed', subject: '【春の調査】インタビューご協力のお願い' }]);
    const statuses = await dead.pool.query('SELECT status FROM project_candidates ORDER BY id');
    expect(statuses.rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    // A mail that did not go out issues no token: a candidate's earlier link would keep working.
    expect((await dead.pool.query('SELECT count(*)::int AS n FROM scheduling_tokens')).rows[0].n).toBe(0);
  });
});
