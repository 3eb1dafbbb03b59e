import { fingerprint } from '@platform/runtime';
import { edgeInFrontOf, type TestEdge } from '@platform/testing/deployment';
import { Mailpit, waitFor } from '@platform/testing/harness';
import request from 'supertest';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt, tokenInMail } from './support/invite';

/** The recruiting flow end to end through the local gateway, as the users would call it (issue 10's walk). */
describe('recruiting scheduling end to end through the edge', () => {
  let t: RecruitingTestApp;
  let edge: TestEdge;
  let gateway: string;

  beforeAll(async () => {
    t = await startRecruiting(
      'recruiting_scheduling_e2e',
      { PUBLIC_SCHEDULING_URL: 'https://platform.example.com/schedule' },
      { queue: true, mail: true },
    );
    edge = t.scope.track('the edge', await edgeInFrontOf(t.app, 'recruiting-api'));
    gateway = edge.url;
  });
  afterAll(() => t?.close());

  it('invites, lets a candidate choose, confirms, lists, cancels, and keeps the history', async () => {
    const memberId = await t.insertUser('member@example.com', '採用 担当', 'member');
    const interviewerId = await t.insertUser('alice@example.com', '面接 アリス', 'member');
    const member = t.as(memberId, 'member');
    const http = () => request(gateway);

    const project = (await http().post('/api/v1/projects').set(member).send({ name: 'E2E 調査', interviewDurationMinutes: 30 }).expect(201))
      .body.data;
    const base = `/api/v1/projects/${project.id}`;
    // Import the candidates from a UTF-16LE, tab-separated file with a BOM, as the panel export arrives.
    const tsv = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(
        '会員ID\t氏名\tメールアドレス\r\nE2E-1\t山田 花子\thanako@example.com\r\nE2E-2\t鈴木 一郎\tichiro@example.com\r\n',
        'utf16le',
      ),
    ]);
    const upload = await http().post(`${base}/candidates/import/upload`).set(member).attach('file', tsv, 'panel.tsv').expect(200);
    const mapping = { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } };
    const run = await http()
      .post(`${base}/candidates/import/${upload.body.data.file_id}/execute`)
      .set(member)
      .send({ mapping })
      .expect(201);
    const imported = await waitFor(
      async () => {
        const res = await http().get(`${base}/candidates/import/${run.body.data.importLogId}/status`).set(member).expect(200);
        return res.body.data.status === 'processing' || res.body.data.status === 'pending' ? undefined : res.body.data;
      },
      { timeoutMs: 30_000, what: 'the import' },
    );
    expect(imported).toMatchObject({ status: 'completed', importedCount: 2 });
    const people = (await http().get(`${base}/candidates?sort=name`).set(member).expect(200)).body.data;
    const idOf = (name: string) => people.find((c: { candidate: { name: string } }) => c.candidate.name === name).id as number;
    const [candidateId, otherId] = [idOf('山田 花子'), idOf('鈴木 一郎')];

    const template = (
      await http()
        .post(`${base}/email-templates`)
        .set(member)
        .send({
          type: 'invitation',
          name: '招待',
          subject: '【{{project_name}}】日程のご相談',
          body: '{{candidate_name}} 様\n{{interview_duration_minutes}}分のインタビューです。\n{{scheduling_url}}',
        })
        .expect(201)
    ).body.data;
    await http()
      .post(`${base}/interviewer-availability`)
      .set(member)
      .send({ interviewerId, startAt: dayAt(3, 1), endAt: dayAt(3, 3) })
      .expect(201);

    const sent = await http()
      .post(`${base}/emails/send`)
      .set(member)
      .send({ templateId: template.id, candidateIds: [candidateId, otherId] })
      .expect(200);
    expect(sent.body.data).toEqual({ sent_count: 2, failed_count: 0, errors: [] });

    // The candidate opens the link of the mail (the email log keeps it masked).
    const mailpit = new Mailpit();
    const [invitation] = await mailpit.mailTo('hanako@example.com', { from: t.mailFrom });
    expect(invitation.subject).toBe('【E2E 調査】日程のご相談');
    const url = new URL(/https:\/\/platform\.example\.com\/schedule\/[A-Za-z0-9_-]{43}/.exec(invitation.text)![0]);
    const token = url.pathname.split('/').pop()!;

    const page = await http().get(url.pathname).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The page keeps its protective headers through the edge: no referrer (the token is in the address), no framing,
    // scripts by nonce only, nothing cached.
    expect(page.headers).toMatchObject({
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    });
    expect(page.text).toContain('E2E 調査');
    const info = (await http().get(`/api/v1/scheduling/${token}`).expect(200)).body;
    expect(info.data).toMatchObject({ project: { name: 'E2E 調査', interview_duration_minutes: 30 }, candidate: { name: '山田 花子' } });
    const slots = (await http().get(`/api/v1/scheduling/${token}/slots`).expect(200)).body.data;
    expect(slots).toHaveLength(4);
    const chosen = slots.slice(1, 3).map(({ interviewerName: _n, ...slot }: Record<string, unknown>) => slot);
    await http().post(`/api/v1/scheduling/${token}/submit-availability`).send({ slots: chosen }).expect(200);

    const detail = (await http().get(`${base}/candidates/${candidateId}`).set(member).expect(200)).body.data;
    expect(detail.status).toBe('scheduling');
    expect(detail.availableDates).toHaveLength(2);
    const reservation = (
      await http()
        .post(`${base}/candidates/${candidateId}/confirm-schedule`)
        .set(member)
        .send({ availableDateId: detail.availableDates[0].id, interviewType: 'online_conf', meetingUrl: 'https://meet.example.com/e2e' })
        .expect(201)
    ).body.data;
    expect(reservation).toMatchObject({
      status: 'confirmed',
      scheduledAt: chosen[0].startAt,
      durationMinutes: 30,
      interviewer: { id: interviewerId },
    });
    // The booked slot is gone for everyone.
    const otherToken = tokenInMail((await mailpit.mailTo('ichiro@example.com', { from: t.mailFrom }))[0]);
    const left = (await http().get(`/api/v1/scheduling/${otherToken}/slots`).expect(200)).body.data;
    expect(left.map((s: { startAt: string }) => s.startAt)).not.toContain(chosen[0].startAt);
    expect((await http().get(`/api/v1/scheduling/${token}`).expect(200)).body.data.is_already_scheduled).toBe(true);
    // The page's form meets the confirmed reservation as the public API does: 409, with the page showing the booking.
    const form = await http().post(`/schedule/${token}`).type('form').send('');
    expect(form.status).toBe(409);
    expect(form.text).toContain('data-error-code="SLOT_NOT_AVAILABLE"');
    expect(form.text).toContain('日程が確定しています');

    const listed = (await http().get(`${base}/reservations?status=confirmed`).set(member).expect(200)).body;
    expect(listed.data.map((r: { id: number }) => r.id)).toEqual([reservation.id]);
    const cancelled = (await http().patch(`${base}/reservations/${reservation.id}/cancel`).set(member).expect(200)).body.data;
    expect(cancelled.status).toBe('cancelled');

    const history = (await http().get(`${base}/candidates/${candidateId}/history`).set(member).expect(200)).body.data;
    expect(history.map((h: { fromStatus: string; toStatus: string }) => `${h.fromStatus}>${h.toStatus}`)).toEqual([
      'scheduled>cancelled',
      'scheduling>scheduled',
      'contacted>scheduling',
      'pending>contacted',
      'null>pending',
    ]);
    const logs = (await http().get(`${base}/candidates/${candidateId}/email-logs?sort=sentAt`).set(member).expect(200)).body.data;
    expect(logs.map((l: { subject: string }) => l.subject)).toEqual([
      '【E2E 調査】日程のご相談',
      '【E2E 調査】ご希望日時を受け付けました',
      '【E2E 調査】インタビュー日程が確定しました',
      '【E2E 調査】インタビューのキャンセルについて',
    ]);
    expect(logs.every((l: { status: string }) => l.status === 'sent')).toBe(true);

    // The interviewer was ill: the candidate picks another slot on the same page, and the team books it. The
    // cancelled reservation row is reused (one row per candidate): same id, confirmed again, new slot and type.
    expect((await http().get(`/api/v1/scheduling/${token}`).expect(200)).body.data.is_already_scheduled).toBe(false);
    const open = (await http().get(`/api/v1/scheduling/${token}/slots`).expect(200)).body.data;
    const next = open.find((s: { startAt: string }) => s.startAt !== chosen[0].startAt && s.startAt !== chosen[1].startAt);
    const { interviewerName: _name, ...nextSlot } = next;
    await http()
      .post(`/api/v1/scheduling/${token}/submit-availability`)
      .send({ slots: [nextSlot] })
      .expect(200);
    const dates = (await http().get(`${base}/candidates/${candidateId}`).set(member).expect(200)).body.data.availableDates;
    expect(dates.map((d: { startAt: string }) => d.startAt)).toEqual([nextSlot.startAt]);
    const rebooked = (
      await http()
        .post(`${base}/candidates/${candidateId}/confirm-schedule`)
        .set(member)
        .send({ availableDateId: dates[0].id, interviewType: 'offline' })
        .expect(201)
    ).body.data;
    expect(rebooked).toMatchObject({ id: reservation.id, status: 'confirmed', scheduledAt: nextSlot.startAt, interviewType: 'offline' });
    const after = (await http().get(`${base}/candidates/${candidateId}`).set(member).expect(200)).body.data;
    expect(after).toMatchObject({ status: 'scheduled', reservationId: reservation.id, reservation: { status: 'confirmed' } });
    const rebookHistory = (await http().get(`${base}/candidates/${candidateId}/history`).set(member).expect(200)).body.data;
    expect(rebookHistory[0]).toMatchObject({ fromStatus: 'cancelled', toStatus: 'scheduled' });
    const rows = (await http().get(`${base}/reservations`).set(member).expect(200)).body.data;
    expect(rows.filter((r: { projectCandidateId: number }) => r.projectCandidateId === candidateId)).toHaveLength(1);

    // The edge logged every call of the candidate by the token's fingerprint, never the token.
    const ofCandidate = (lines: Array<Record<string, unknown>>) => lines.filter((line) => line.token_fp === fingerprint(token));
    const log = await edge.accessLogWhen((lines) => ofCandidate(lines).length >= 8);
    expect(`${JSON.stringify(log)}${edge.output()}`).not.toContain(token);
    const candidateCalls = ofCandidate(log);
    expect(candidateCalls.every((line) => String((line.request as { uri: string }).uri).includes('[token]'))).toBe(true);
  });
});
