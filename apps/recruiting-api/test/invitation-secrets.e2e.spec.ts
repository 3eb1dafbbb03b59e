import { randomBytes } from 'node:crypto';
import { fingerprint } from '@platform/runtime';
import { edgeInFrontOf, type TestEdge } from '@platform/testing/deployment';
import { Mailpit } from '@platform/testing/harness';
import request from 'supertest';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt, tokenInMail } from './support/invite';
import { insertCandidates } from './support/scheduling-fixtures';

const PUBLIC_URL = 'https://platform.example.com/schedule';

/**
 * The candidate's scheduling link is the candidate's credential: through the edge, a viewer reads the invitation in the
 * email logs with the token masked, while the mail the candidate got (caught by Mailpit) carries the live link, and
 * that link works on the public scheduling API.
 */
describe('an invitation through the edge: the link is in the mail, never in the log', () => {
  let t: RecruitingTestApp;
  let edge: TestEdge;
  const mailpit = new Mailpit();
  // Addresses of this file's own, so its mail is found, and deleted, without touching any other test's.
  const address = (name: string) => `${name}.${randomBytes(6).toString('hex')}@example.com`;

  beforeAll(async () => {
    t = await startRecruiting('recruiting_invitation_secrets', { PUBLIC_SCHEDULING_URL: PUBLIC_URL }, { mail: true });
    edge = t.scope.track('the edge', await edgeInFrontOf(t.app, 'recruiting-api'));
  });
  afterAll(() => t?.close());

  it('masks the token in both log lists for a viewer; the mailed link opens the candidate page and API', async () => {
    const http = () => request(edge.url);
    const member = t.as(await t.insertUser('member@example.com', 'Member', 'member'), 'member');
    const viewer = t.as(await t.insertUser('viewer@example.com', 'Viewer', 'viewer'), 'viewer');
    const interviewer = await t.insertUser('alice@example.com', '面接 アリス', 'member');
    const project = (
      await http().post('/api/v1/projects').set(member).send({ name: '秘密の調査', interviewDurationMinutes: 30 }).expect(201)
    ).body.data.id as number;
    const base = `/api/v1/projects/${project}`;
    const emails = [address('hanako'), address('ichiro')];
    const ids = await insertCandidates(t, project, [
      { name: '山田 花子', email: emails[0] },
      { name: '鈴木 一郎', email: emails[1] },
    ]);
    await http()
      .post(`${base}/interviewer-availability`)
      .set(member)
      .send({ interviewerId: interviewer, startAt: dayAt(3, 1), endAt: dayAt(3, 2) })
      .expect(201);
    // Plain text with the link in the subject too, and HTML with the link in an attribute and in the text.
    const templates = [
      { subject: '【{{project_name}}】{{scheduling_url}}', body: '{{candidate_name}} 様\n{{scheduling_url}}\n' },
      {
        subject: '【{{project_name}}】日程',
        body: '<p>{{candidate_name}} 様</p><p><a href="{{scheduling_url}}">{{scheduling_url}}</a></p>',
      },
    ];
    for (const [i, template] of templates.entries()) {
      const created = await http()
        .post(`${base}/email-templates`)
        .set(member)
        .send({ type: 'invitation', name: `招待 ${i}`, ...template })
        .expect(201);
      await http()
        .post(`${base}/emails/send`)
        .set(member)
        .send({ templateId: created.body.data.id, candidateIds: [ids[i]] })
        .expect(200);
    }

    const mails = await Promise.all(emails.map(async (to) => (await mailpit.mailTo(to, { from: t.mailFrom }))[0]));
    const tokens = mails.map(tokenInMail);
    expect(mails[0].subject).toBe(`【秘密の調査】${PUBLIC_URL}/${tokens[0]}`);
    expect(mails[0].text).toContain(`${PUBLIC_URL}/${tokens[0]}`);
    expect(mails[1].html).toContain(`<a href="${PUBLIC_URL}/${tokens[1]}">${PUBLIC_URL}/${tokens[1]}</a>`);

    const all = await http().get(`${base}/emails/logs`).set(viewer).expect(200);
    const perCandidate = await Promise.all(ids.map((id) => http().get(`${base}/candidates/${id}/email-logs`).set(viewer).expect(200)));
    for (const res of [all, ...perCandidate]) {
      for (const token of tokens) expect(res.text).not.toContain(token);
    }
    expect(all.body.data).toHaveLength(2);
    const logOf = (id: number) => perCandidate[ids.indexOf(id)].body.data[0];
    expect(logOf(ids[0])).toMatchObject({
      subject: `【秘密の調査】${PUBLIC_URL}/[token]`,
      body: `山田 花子 様\n${PUBLIC_URL}/[token]\n`,
      status: 'sent',
    });
    expect(logOf(ids[1]).body).toBe(`<p>鈴木 一郎 様</p><p><a href="${PUBLIC_URL}/[token]">${PUBLIC_URL}/[token]</a></p>`);

    // The mailed links work: the page and the public API, through the edge.
    for (const [i, token] of tokens.entries()) {
      await http().get(`/schedule/${token}`).expect(200);
      const info = await http().get(`/api/v1/scheduling/${token}`).expect(200);
      expect(info.body.data.candidate.name).toBe(['山田 花子', '鈴木 一郎'][i]);
      expect((await http().get(`/api/v1/scheduling/${token}/slots`).expect(200)).body.data).toHaveLength(2);
    }
    // The masked link of the log opens nothing.
    await http()
      .get(`/api/v1/scheduling/${encodeURIComponent('[token]')}`)
      .expect(404);

    // Error answers on the candidate's routes, the app's and the edge's own, show the token's fingerprint or a marker,
    // never the token: error bodies end up in clients' error reports.
    const [token] = tokens;
    const refusals = [
      await http().post(`/api/v1/scheduling/${token}/submit-availability`).send({ slots: [] }).expect(400),
      await http().get(`/api/v1/scheduling/${token}/nothing-here`).expect(404),
      await http().get(`/schedule/${token}?from=2026-02-30`).expect(400),
      // Over the edge's body limit (1 MiB): the edge answers itself. 100 KB over, so the edge reads the rest and keeps
      // the connection (beyond 256 KB unread it resets it 500 ms after answering, which a starved client sees first).
      await http()
        .post(`/api/v1/scheduling/${token}/submit-availability`)
        .set('content-type', 'application/json')
        .send(`{"slots":"${'x'.repeat(1024 * 1024 + 100_000)}"}`)
        .expect(413),
    ];
    for (const res of refusals) expect(`${JSON.stringify(res.headers)}${res.text}`).not.toContain(token);
    expect(refusals[0].body.path).toBe(`/api/v1/scheduling/[fp:${fingerprint(token)}]/submit-availability`);
    expect(refusals[1].body.path).toBe(`/api/v1/scheduling/[fp:${fingerprint(token)}]/nothing-here`);
    expect(refusals[3].body.path).toBe('/api/v1/scheduling/[token]/submit-availability');

    // The access log of the edge holds no token either.
    const log = await edge.accessLogWhen((lines) => lines.filter((l) => l.token_fp).length >= 10);
    for (const token of tokens) expect(`${JSON.stringify(log)}${edge.output()}`).not.toContain(token);
  });
});
