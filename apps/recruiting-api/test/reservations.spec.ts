import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { sampleSum, scrapeMetrics } from '@platform/testing/harness';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt } from './support/invite';
import { insertCandidates, insertProject, startSmtpSink } from './support/scheduling-fixtures';

async function preferredSlot(
  t: RecruitingTestApp,
  candidateId: number,
  interviewerId: number,
  start: string,
  minutes = 60,
): Promise<number> {
  const res = await t.pool.query<{ id: number }>(
    `INSERT INTO preferred_slots (project_candidate_id, interviewer_id, start_at, end_at)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz + make_interval(mins => $4)) RETURNING id`,
    [candidateId, interviewerId, start, minutes],
  );
  return res.rows[0].id;
}

/** confirm-schedule and reservations (issue 10) with PROTOTYPE_MODE true: no calendar. */
describe('reservations', () => {
  let t: RecruitingTestApp;
  const ids: Record<string, number> = {};
  let projectId: number;
  const as = (who: 'member' | 'viewer') => t.as(ids[who], who);
  const confirm = (candidateId: number, body: object, who: 'member' | 'viewer' = 'member') =>
    t.http().post(`/api/v1/projects/${projectId}/candidates/${candidateId}/confirm-schedule`).set(as(who)).send(body);
  const reservations = () => `/api/v1/projects/${projectId}/reservations`;

  beforeAll(async () => {
    t = await startRecruiting('recruiting_reservations');
    ids.member = await t.insertUser('member@example.com', 'Member', 'member');
    ids.viewer = await t.insertUser('viewer@example.com', 'Viewer', 'viewer');
    ids.alice = await t.insertUser('alice@example.com', '面接 アリス', 'member');
    projectId = await insertProject(t, '予約の調査', 60, 'Asia/Tokyo');
  });
  afterAll(async () => t?.close());

  it('confirms one of the availableDates: 201 Reservation, status scheduled with history, confirmation mail', async () => {
    const [c] = await insertCandidates(t, projectId, [{ name: '山田 花子', email: 'hanako@example.com', status: 'scheduling' }]);
    const slotId = await preferredSlot(t, c, ids.alice, dayAt(3, 1));
    await preferredSlot(t, c, ids.alice, dayAt(3, 5));
    const res = await confirm(c, { availableDateId: slotId, meetingUrl: 'https://meet.example.com/abc' }).expect(201);
    expect(res.body.data).toMatchObject({
      projectId,
      projectCandidateId: c,
      interviewerId: ids.alice,
      scheduledAt: dayAt(3, 1),
      durationMinutes: 60,
      interviewType: 'online_meet',
      meetingUrl: 'https://meet.example.com/abc',
      status: 'confirmed',
      candidate: { name: '山田 花子', email: 'hanako@example.com' },
      interviewer: { id: ids.alice, name: '面接 アリス', role: 'member' },
    });
    const detail = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${c}`).set(as('viewer'))).body.data;
    expect(detail.status).toBe('scheduled');
    expect(detail.reservationId).toBe(res.body.data.id);
    expect(detail.reservation).toEqual({
      scheduledAt: dayAt(3, 1),
      durationMinutes: 60,
      interviewType: 'online_meet',
      status: 'confirmed',
      interviewerName: '面接 アリス',
    });
    const history = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${c}/history`).set(as('viewer'))).body.data;
    expect(history[0]).toMatchObject({ fromStatus: 'scheduling', toStatus: 'scheduled', changedBy: ids.member });
    const logs = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${c}/email-logs`).set(as('viewer'))).body.data;
    expect(logs[0].subject).toBe('【予約の調査】インタビュー日程が確定しました');
    expect(logs[0].body).toContain('面接 アリス');
    expect(logs[0].body).toContain('https://meet.example.com/abc');
    // A second confirmation of the same candidate is a conflict.
    await confirm(c, { availableDateId: slotId }).expect(409);
  });

  it('answers 404 for a date of another candidate, 400 for a bad body, 403 for a viewer', async () => {
    const [a, b] = await insertCandidates(t, projectId, [
      { name: 'A', email: 'a@example.com', status: 'scheduling' },
      { name: 'B', email: 'b@example.com', status: 'scheduling' },
    ]);
    const slotOfB = await preferredSlot(t, b, ids.alice, dayAt(4, 1));
    await confirm(a, { availableDateId: slotOfB }).expect(404);
    await confirm(b, { availableDateId: slotOfB, interviewType: 'phone' }).expect(400);
    await confirm(b, { availableDateId: slotOfB, meetingUrl: 'javascript:alert(1)' }).expect(400);
    await confirm(b, { availableDateId: slotOfB }, 'viewer').expect(403);
    await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/999999/confirm-schedule`)
      .set(as('member'))
      .send({ availableDateId: 1 })
      .expect(404);
  });

  it('lets exactly one of two truly concurrent confirmations of one interviewer and time win', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await insertCandidates(t, projectId, [
        { name: `A${round}`, email: `a${round}@example.com`, status: 'scheduling' },
        { name: `B${round}`, email: `b${round}@example.com`, status: 'scheduling' },
      ]);
      // Overlapping, not equal: b's slot starts half an hour into a's.
      const slotA = await preferredSlot(t, a, ids.alice, dayAt(10 + round, 1));
      const slotB = await preferredSlot(t, b, ids.alice, dayAt(10 + round, 1, 30));
      const results = await Promise.all([confirm(a, { availableDateId: slotA }), confirm(b, { availableDateId: slotB })]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.error.code).toBe('SLOT_NOT_AVAILABLE');
      const loser = results[0].status === 409 ? a : b;
      const status = await t.pool.query('SELECT status FROM project_candidates WHERE id = $1', [loser]);
      expect(status.rows[0].status).toBe('scheduling');
    }
    const booked = await t.pool.query("SELECT count(*)::int AS n FROM reservations WHERE status = 'confirmed' AND scheduled_at >= $1", [
      dayAt(10, 0),
    ]);
    expect(booked.rows[0].n).toBe(5);
  });

  it('lists with filters and sorts, reads one, cancels (row kept, candidate cancelled) and books the candidate again', async () => {
    const [c] = await insertCandidates(t, projectId, [{ name: '再予約', email: 'again@example.com', status: 'scheduling' }]);
    const first = await preferredSlot(t, c, ids.alice, dayAt(20, 3));
    const created = (await confirm(c, { availableDateId: first, interviewType: 'offline' }).expect(201)).body.data;
    const day = new Date(dayAt(20, 3 + 9)).toISOString().slice(0, 10); // the Tokyo day of 03:00Z
    const onDay = await t.http().get(`${reservations()}?startDate=${day}&endDate=${day}`).set(as('viewer')).expect(200);
    expect(onDay.body.data.map((r: { id: number }) => r.id)).toEqual([created.id]);
    const all = await t.http().get(`${reservations()}?sort=-scheduledAt&limit=100`).set(as('viewer')).expect(200);
    const times = all.body.data.map((r: { scheduledAt: string }) => r.scheduledAt);
    expect(times).toEqual([...times].sort().reverse());
    await t.http().get(`${reservations()}?startDate=2027-02-30`).set(as('viewer')).expect(400);
    await t.http().get(`${reservations()}?startDate=2027-03-02&endDate=2027-03-01`).set(as('viewer')).expect(400);
    await t.http().get(`${reservations()}?sort=name`).set(as('viewer')).expect(400);
    await t.http().get(`${reservations()}/${created.id}`).set(as('viewer')).expect(200);
    await t.http().get(`${reservations()}/999999`).set(as('viewer')).expect(404);

    const cancelled = await t.http().patch(`${reservations()}/${created.id}/cancel`).set(as('member')).expect(200);
    expect(cancelled.body.data).toMatchObject({ id: created.id, status: 'cancelled' });
    await t.http().patch(`${reservations()}/${created.id}/cancel`).set(as('member')).expect(409);
    const detail = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${c}`).set(as('viewer'))).body.data;
    expect(detail.status).toBe('cancelled');
    expect(detail.reservation.status).toBe('cancelled');
    const history = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${c}/history`).set(as('viewer'))).body.data;
    expect(history[0]).toMatchObject({ fromStatus: 'scheduled', toStatus: 'cancelled' });
    const onlyCancelled = await t.http().get(`${reservations()}?status=cancelled`).set(as('viewer')).expect(200);
    expect(onlyCancelled.body.data.map((r: { id: number }) => r.id)).toEqual([created.id]);

    // cancelled -> scheduling (the table) and the same row is confirmed again.
    await t
      .http()
      .patch(`/api/v1/projects/${projectId}/candidates/${c}/status`)
      .set(as('member'))
      .send({ status: 'scheduling' })
      .expect(200);
    const second = await preferredSlot(t, c, ids.alice, dayAt(21, 3));
    const again = (await confirm(c, { availableDateId: second }).expect(201)).body.data;
    expect(again).toMatchObject({ id: created.id, status: 'confirmed', scheduledAt: dayAt(21, 3), interviewType: 'online_meet' });
  });

  it('frees the time for others once cancelled, and cascades with the candidate', async () => {
    const [a, b] = await insertCandidates(t, projectId, [
      { name: 'X', email: 'x@example.com', status: 'scheduling' },
      { name: 'Y', email: 'y@example.com', status: 'scheduling' },
    ]);
    const slotA = await preferredSlot(t, a, ids.alice, dayAt(25, 1));
    const slotB = await preferredSlot(t, b, ids.alice, dayAt(25, 1));
    const reservation = (await confirm(a, { availableDateId: slotA }).expect(201)).body.data;
    await confirm(b, { availableDateId: slotB }).expect(409);
    await t.http().patch(`${reservations()}/${reservation.id}/cancel`).set(as('member')).expect(200);
    await confirm(b, { availableDateId: slotB }).expect(201);
    // Rebooking the cancelled row keeps the exclusion constraint's guarantee: b holds the time now.
    const again = await confirm(a, { availableDateId: slotA });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('SLOT_NOT_AVAILABLE');
    const kept = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${a}`).set(as('viewer'))).body.data;
    expect(kept).toMatchObject({ status: 'cancelled', reservation: { status: 'cancelled' } });
    await t.http().delete(`/api/v1/projects/${projectId}/candidates/${a}`).set(as('member')).expect(204);
    const left = await t.pool.query('SELECT count(*)::int AS n FROM reservations WHERE project_candidate_id = $1', [a]);
    expect(left.rows[0].n).toBe(0);
  });
});

/** The Google Calendar adapter (PROTOTYPE_MODE false) against a local stand-in of its token and events endpoints. */
describe('reservations with the Google Calendar adapter', () => {
  let t: RecruitingTestApp;
  let calendar: Server;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const seen: Array<{ method: string; url: string; auth?: string; body: string }> = [];
  let failDeletes = false;
  let events = 0;
  // The service account's key pair: the adapter signs with the private key, the stand-in checks as Google does.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    calendar = createServer(async (req, res) => {
      const body = await read(req);
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
      if (req.url === '/token') {
        const form = new URLSearchParams(body);
        const verified = await jwtVerify(form.get('assertion') ?? '', publicKey, {
          algorithms: ['RS256'],
          issuer: 'svc@project.iam.gserviceaccount.com',
          audience: `http://127.0.0.1:${(calendar.address() as AddressInfo).port}/token`,
          maxTokenAge: '1h',
        }).catch(() => undefined);
        const grant = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer';
        if (!grant || verified?.payload.scope !== 'https://www.googleapis.com/auth/calendar.events') return res.writeHead(401).end();
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'stand-in-token', expires_in: 3600 }));
      }
      if (req.headers.authorization !== 'Bearer stand-in-token') return res.writeHead(401).end();
      if (req.method === 'POST' && req.url === '/calendars/team%40example.com/events') {
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `evt${++events}` }));
      }
      if (req.method === 'DELETE') return failDeletes ? res.writeHead(500).end('down') : res.writeHead(204).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => calendar.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(calendar.address() as AddressInfo).port}`;
    sink = await startSmtpSink();
    t = await startRecruiting('recruiting_reservations_google', {
      PROTOTYPE_MODE: 'false',
      SMTP_URL: sink.url,
      CALENDAR_PROVIDER: 'google',
      GOOGLE_CALENDAR_API_URL: base,
      GOOGLE_OAUTH_TOKEN_URL: `${base}/token`,
      GOOGLE_CALENDAR_ID: 'team@example.com',
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'svc@project.iam.gserviceaccount.com',
      GOOGLE_SERVICE_ACCOUNT_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await new Promise((resolve) => calendar?.close(resolve));
  });

  it('creates the event on confirmation, answers 502 and changes nothing when the delete fails, then cancels it', async () => {
    const member = await t.insertUser('member@example.com', 'Member', 'member');
    const projectId = await insertProject(t, 'Calendar');
    const [c] = await insertCandidates(t, projectId, [{ name: '田中', email: 'tanaka@example.com', status: 'scheduling' }]);
    const slot = await preferredSlot(t, c, member, dayAt(5, 2));
    const as = t.as(member, 'member');
    const calls = async (operation: string, outcome: string) =>
      sampleSum(await scrapeMetrics(t.app), 'calendar_requests_total', { operation, outcome });
    const [createdBefore, failedBefore] = [await calls('create_event', 'ok'), await calls('cancel_event', 'error')];
    const created = await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/${c}/confirm-schedule`)
      .set(as)
      .send({ availableDateId: slot })
      .expect(201);
    const insert = seen.find((s) => s.method === 'POST' && s.url.startsWith('/calendars/'))!;
    expect(JSON.parse(insert.body)).toMatchObject({
      summary: 'Calendar インタビュー',
      start: { dateTime: dayAt(5, 2) },
      end: { dateTime: dayAt(5, 3) },
    });
    expect(insert.body).not.toContain('tanaka@example.com');
    const stored = await t.pool.query('SELECT calendar_event_id FROM reservations WHERE id = $1', [created.body.data.id]);
    expect(stored.rows[0].calendar_event_id).toBe('evt1');
    expect(sink.mails.some((m) => m.to.includes('tanaka@example.com'))).toBe(true);

    const cancel = () => t.http().patch(`/api/v1/projects/${projectId}/reservations/${created.body.data.id}/cancel`).set(as);
    failDeletes = true;
    expect((await cancel().expect(502)).body.error.code).toBe('CALENDAR_PROVIDER_ERROR');
    // Both counted for the calendar alert (docs/runbooks/platform-calendar-failing.md).
    expect([await calls('create_event', 'ok'), await calls('cancel_event', 'error')]).toEqual([createdBefore + 1, failedBefore + 1]);
    const still = await t.pool.query(
      'SELECT r.status, pc.status AS candidate FROM reservations r JOIN project_candidates pc ON pc.id = r.project_candidate_id WHERE r.id = $1',
      [created.body.data.id],
    );
    expect(still.rows[0]).toEqual({ status: 'confirmed', candidate: 'scheduled' });
    failDeletes = false;
    await cancel().expect(200);
    expect(seen.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual([
      '/calendars/team%40example.com/events/evt1?sendUpdates=none',
      '/calendars/team%40example.com/events/evt1?sendUpdates=none',
    ]);
  });

  it("cancels a confirmed reservation's event when the candidate is deleted, and deletes nothing when that fails", async () => {
    const member = await t.insertUser('member2@example.com', 'Member 2', 'member');
    const projectId = await insertProject(t, 'Calendar 2');
    const [c] = await insertCandidates(t, projectId, [{ name: '佐藤', email: 'sato@example.com', status: 'scheduling' }]);
    const slot = await preferredSlot(t, c, member, dayAt(6, 2));
    const as = t.as(member, 'member');
    await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/${c}/confirm-schedule`)
      .set(as)
      .send({ availableDateId: slot })
      .expect(201);
    const eventId = (await t.pool.query('SELECT calendar_event_id FROM reservations WHERE project_candidate_id = $1', [c])).rows[0]
      .calendar_event_id;
    failDeletes = true;
    await t.http().delete(`/api/v1/projects/${projectId}/candidates/${c}`).set(as).expect(502);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM reservations WHERE project_candidate_id = $1', [c])).rows[0].n).toBe(1);
    failDeletes = false;
    await t.http().delete(`/api/v1/projects/${projectId}/candidates/${c}`).set(as).expect(204);
    expect(seen.filter((s) => s.method === 'DELETE').pop()!.url).toBe(`/calendars/team%40example.com/events/${eventId}?sendUpdates=none`);
  });
});
