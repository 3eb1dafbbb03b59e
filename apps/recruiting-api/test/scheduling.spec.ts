import { edgeInFrontOf, type TestEdge } from '@platform/testing/deployment';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt, inviteAndReadTokens } from './support/invite';
import { insertCandidates, insertProject } from './support/scheduling-fixtures';

/** Interviewer availability, slots and the public scheduling router (issue 10). */
describe('availability and public scheduling', () => {
  let t: RecruitingTestApp;
  const ids: Record<string, number> = {};
  let projectId: number;
  let candidates: number[];
  let tokens: Map<number, string>;
  const as = (who: 'member' | 'viewer') => t.as(ids[who], who);
  const availability = () => `/api/v1/projects/${projectId}/interviewer-availability`;

  beforeAll(async () => {
    t = await startRecruiting('recruiting_scheduling', {}, { mail: true });
    ids.member = await t.insertUser('member@example.com', 'Member', 'member');
    ids.viewer = await t.insertUser('viewer@example.com', 'Viewer', 'viewer');
    ids.alice = await t.insertUser('alice@example.com', '面接 アリス', 'member');
    ids.bob = await t.insertUser('bob@example.com', '面接 ボブ', 'member');
    projectId = await insertProject(t, '冬の調査', 30);
    candidates = await insertCandidates(t, projectId, [
      { name: '山田 花子', email: 'hanako@example.com' },
      { name: '鈴木 一郎', email: 'ichiro@example.com', status: 'scheduled' },
    ]);
    tokens = await inviteAndReadTokens(t, ids.member, projectId, candidates);
  });
  afterAll(async () => t?.close());

  describe('availability', () => {
    it('creates windows, lists them with filters, deletes one', async () => {
      const created = await t
        .http()
        .post(availability())
        .set(as('member'))
        .send({ interviewerId: ids.alice, startAt: dayAt(2, 1), endAt: dayAt(2, 2, 30) })
        .expect(201);
      expect(created.body.data).toEqual({
        id: expect.any(Number),
        interviewerId: ids.alice,
        interviewerName: '面接 アリス',
        startAt: dayAt(2, 1),
        endAt: dayAt(2, 2, 30),
      });
      await t
        .http()
        .post(availability())
        .set(as('member'))
        .send({ interviewerId: ids.bob, startAt: dayAt(2, 1), endAt: dayAt(2, 2) })
        .expect(201);
      const extra = await t
        .http()
        .post(availability())
        .set(as('member'))
        .send({ interviewerId: ids.bob, startAt: dayAt(5, 1), endAt: dayAt(5, 2) })
        .expect(201);
      const all = await t.http().get(availability()).set(as('viewer')).expect(200);
      expect(all.body.pagination.totalCount).toBe(3);
      const bobs = await t.http().get(`${availability()}?interviewerId=${ids.bob}`).set(as('viewer')).expect(200);
      expect(bobs.body.data).toHaveLength(2);
      const early = await t
        .http()
        .get(`${availability()}?to=${encodeURIComponent(dayAt(3, 0))}`)
        .set(as('viewer'))
        .expect(200);
      expect(early.body.data).toHaveLength(2);
      const late = await t
        .http()
        .get(`${availability()}?from=${encodeURIComponent(dayAt(3, 0))}`)
        .set(as('viewer'))
        .expect(200);
      expect(late.body.data.map((w: { id: number }) => w.id)).toEqual([extra.body.data.id]);
      await t.http().delete(`${availability()}/${extra.body.data.id}`).set(as('member')).expect(204);
      await t.http().delete(`${availability()}/${extra.body.data.id}`).set(as('member')).expect(404);
    });

    it('refuses bad windows, unknown interviewers and viewers', async () => {
      const post = (body: object) => t.http().post(availability()).set(as('member')).send(body);
      await post({ interviewerId: ids.alice, startAt: dayAt(2, 2), endAt: dayAt(2, 1) }).expect(400);
      await post({ interviewerId: ids.alice, startAt: dayAt(2, 0), endAt: dayAt(34, 0) }).expect(400);
      await post({ interviewerId: 999999, startAt: dayAt(2, 1), endAt: dayAt(2, 2) }).expect(400);
      await post({ interviewerId: ids.alice, startAt: '2027-01-10T10:00:00', endAt: dayAt(2, 2) }).expect(400);
      await post({ interviewerId: ids.alice, startAt: '2027-02-30T10:00:00Z', endAt: '2027-03-02T10:00:00Z' }).expect(400);
      await t
        .http()
        .post(availability())
        .set(as('viewer'))
        .send({ interviewerId: ids.alice, startAt: dayAt(2, 1), endAt: dayAt(2, 2) })
        .expect(403);
      await t.http().get('/api/v1/projects/999999/interviewer-availability').set(as('viewer')).expect(404);
    });
  });

  describe('public scheduling', () => {
    const pub = (path: string) => `/api/v1/scheduling/${path}`;
    /** A slot as the submit body takes it (interviewerName is not part of it). */
    const firstSlot = async (token: string) => {
      const { interviewerName: _name, ...slot } = (
        await t
          .http()
          .get(pub(`${token}/slots`))
          .expect(200)
      ).body.data[0];
      return slot;
    };

    it('answers the link with only {data}: project, candidate, no reservation', async () => {
      const res = await t
        .http()
        .get(pub(tokens.get(candidates[0])!))
        .expect(200);
      expect(res.body).toEqual({
        data: {
          project: { name: '冬の調査', interview_duration_minutes: 30 },
          candidate: { name: '山田 花子' },
          is_expired: false,
          is_already_scheduled: false,
          reservation: null,
        },
      });
      // The token is the credential: no cache may keep the answer, nor a refusal.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(
        (
          await t
            .http()
            .get(`${pub(tokens.get(candidates[0])!)}/slots`)
            .expect(200)
        ).headers['cache-control'],
      ).toBe('no-store');
      expect(
        (
          await t
            .http()
            .get(pub('x'.repeat(43)))
            .expect(404)
        ).headers['cache-control'],
      ).toBe('no-store');
    });

    it('lists slots cut by the interview length, ordered, with stable opaque ids and no private details', async () => {
      const res = await t
        .http()
        .get(pub(`${tokens.get(candidates[0])}/slots`))
        .expect(200);
      const slots = res.body.data;
      expect(slots.map((s: { startAt: string; interviewerName: string }) => `${s.startAt.slice(11, 16)} ${s.interviewerName}`)).toEqual([
        '01:00 面接 アリス',
        '01:00 面接 ボブ',
        '01:30 面接 アリス',
        '01:30 面接 ボブ',
        '02:00 面接 アリス',
      ]);
      expect(Object.keys(slots[0]).sort()).toEqual(['endAt', 'interviewerId', 'interviewerName', 'slotId', 'startAt']);
      expect(JSON.stringify(res.body)).not.toContain('@example.com');
      const again = await t
        .http()
        .get(pub(`${tokens.get(candidates[1])}/slots`))
        .expect(200);
      expect(again.body.data.map((s: { slotId: string }) => s.slotId)).toEqual(slots.map((s: { slotId: string }) => s.slotId));
    });

    it('replaces preferred slots on each submission, moves contacted to scheduling, and acknowledges by mail', async () => {
      const token = tokens.get(candidates[0])!;
      const slots = (await t.http().get(pub(`${token}/slots`))).body.data;
      const pick = (i: number) => ({
        slotId: slots[i].slotId,
        interviewerId: slots[i].interviewerId,
        startAt: slots[i].startAt,
        endAt: slots[i].endAt,
      });
      const first = await t
        .http()
        .post(pub(`${token}/submit-availability`))
        .send({ slots: [pick(0), pick(1), pick(2)] })
        .expect(200);
      expect(first.body).toEqual({ data: { message: expect.any(String), selectedCount: 3 } });
      await t
        .http()
        .post(pub(`${token}/submit-availability`))
        .send({ slots: [pick(3), pick(4)] })
        .expect(200);
      const detail = await t.http().get(`/api/v1/projects/${projectId}/candidates/${candidates[0]}`).set(as('viewer')).expect(200);
      expect(detail.body.data.status).toBe('scheduling');
      expect(detail.body.data.availableDates).toEqual([
        { id: expect.any(Number), startAt: slots[3].startAt, endAt: slots[3].endAt, interviewerName: '面接 ボブ' },
        { id: expect.any(Number), startAt: slots[4].startAt, endAt: slots[4].endAt, interviewerName: '面接 アリス' },
      ]);
      const history = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${candidates[0]}/history`).set(as('viewer'))).body.data;
      expect(history[0]).toMatchObject({ fromStatus: 'contacted', toStatus: 'scheduling', changedBy: null });
      expect(history.filter((h: { toStatus: string }) => h.toStatus === 'scheduling')).toHaveLength(1);
      const logs = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${candidates[0]}/email-logs`).set(as('viewer'))).body.data;
      expect(logs[0]).toMatchObject({ templateId: null, sentBy: null, status: 'sent', subject: '【冬の調査】ご希望日時を受け付けました' });
      expect(logs).toHaveLength(3);
    });

    it('keeps other statuses unchanged', async () => {
      const token = tokens.get(candidates[1])!;
      const slot = await firstSlot(token);
      await t
        .http()
        .post(pub(`${token}/submit-availability`))
        .send({ slots: [slot] })
        .expect(200);
      const detail = await t.http().get(`/api/v1/projects/${projectId}/candidates/${candidates[1]}`).set(as('viewer'));
      expect(detail.body.data.status).toBe('scheduled');
    });

    it('refuses slots that are not current: 409 SLOT_NOT_AVAILABLE', async () => {
      const token = tokens.get(candidates[0])!;
      const slot = await firstSlot(token);
      const submit = (s: object) =>
        t
          .http()
          .post(pub(`${token}/submit-availability`))
          .send({ slots: [s] });
      expect((await submit({ ...slot, slotId: 'made-up' }).expect(409)).body.error.code).toBe('SLOT_NOT_AVAILABLE');
      await submit({ ...slot, interviewerId: slot.interviewerId + 1000 }).expect(409);
      await submit({ ...slot, endAt: dayAt(9, 0) }).expect(409);
      // The same instant in another offset is the same slot.
      const tokyo = new Date(new Date(slot.startAt).getTime() + 9 * 3_600_000).toISOString().replace('Z', '+09:00');
      await submit({ ...slot, startAt: tokyo }).expect(200);
    });

    it('validates the body: 1 to 20 slots, no repeats', async () => {
      const token = tokens.get(candidates[0])!;
      const slot = await firstSlot(token);
      const url = pub(`${token}/submit-availability`);
      await t.http().post(url).send({ slots: [] }).expect(400);
      await t
        .http()
        .post(url)
        .send({ slots: Array.from({ length: 21 }, () => slot) })
        .expect(400);
      await t
        .http()
        .post(url)
        .send({ slots: [slot, slot] })
        .expect(400);
      await t.http().post(url).send({}).expect(400);
    });

    it('answers 404 for an unknown token and 400 SCHEDULING_TOKEN_ERROR for an expired one', async () => {
      await t
        .http()
        .get(pub('x'.repeat(43)))
        .expect(404);
      await t.http().get(pub('nope/slots')).expect(404);
      const [late] = await insertCandidates(t, projectId, [{ name: 'Late', email: 'late@example.com' }]);
      const token = (await inviteAndReadTokens(t, ids.member, projectId, [late])).get(late)!;
      await t.pool.query("UPDATE scheduling_tokens SET expires_at = now() - interval '1 second' WHERE project_candidate_id = $1", [late]);
      for (const path of [token, `${token}/slots`]) {
        expect((await t.http().get(pub(path)).expect(400)).body.error.code).toBe('SCHEDULING_TOKEN_ERROR');
      }
      const res = await t
        .http()
        .post(pub(`${token}/submit-availability`))
        .send({
          slots: [{ slotId: 'a', interviewerId: 1, startAt: dayAt(2, 1), endAt: dayAt(2, 2) }],
        });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('SCHEDULING_TOKEN_ERROR');
    });
  });
});

/** Rate limits per address and per token, counted in Redis (so they hold across replicas). */
describe('public scheduling rate limits', () => {
  let t: RecruitingTestApp;
  let tokens: Map<number, string>;
  let candidates: number[];

  beforeAll(async () => {
    t = await startRecruiting(
      'recruiting_rate_limits',
      {
        PUBLIC_RATE_LIMIT_PER_TOKEN: '3',
        PUBLIC_RATE_LIMIT_PER_ADDRESS: '5',
        // A long window, so the test never straddles two.
        PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '3600',
      },
      { mail: true },
    );
    const member = await t.insertUser('member@example.com', 'Member', 'member');
    const projectId = await insertProject(t, 'Limits');
    candidates = await insertCandidates(t, projectId, [
      { name: 'A', email: 'a@example.com' },
      { name: 'B', email: 'b@example.com' },
    ]);
    tokens = await inviteAndReadTokens(t, member, projectId, candidates);
  });
  afterAll(async () => t?.close());

  it('answers 429 with Retry-After above the per-token limit, then above the per-address limit', async () => {
    const [a, b] = candidates.map((id) => `/api/v1/scheduling/${tokens.get(id)}`);
    for (let i = 0; i < 3; i++) await t.http().get(a).expect(200);
    const limited = await t.http().get(`${a}/slots`).expect(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The other token has its own count, but the address has now used 4 of 5.
    await t.http().get(b).expect(200);
    await t.http().get(b).expect(429);
  });
});

describe('public scheduling rate limits through the edge', () => {
  let t: RecruitingTestApp;
  let edge: TestEdge;
  let token: string;

  beforeAll(async () => {
    t = await startRecruiting(
      'recruiting_rate_limits_edge',
      {
        PUBLIC_RATE_LIMIT_PER_TOKEN: '1000',
        PUBLIC_RATE_LIMIT_PER_ADDRESS: '5',
        PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '3600',
      },
      { mail: true },
    );
    const member = await t.insertUser('member@example.com', 'Member', 'member');
    const projectId = await insertProject(t, 'Limits through the edge');
    const [candidate] = await insertCandidates(t, projectId, [{ name: 'A', email: 'a@example.com' }]);
    token = (await inviteAndReadTokens(t, member, projectId, [candidate])).get(candidate)!;
    edge = t.scope.track('the edge', await edgeInFrontOf(t.app, 'recruiting-api'));
  });
  afterAll(async () => t?.close());

  it('limits a client that sends a new X-Forwarded-For with every request like any other client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${edge.url}/api/v1/scheduling/${token}`, {
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-real-ip': `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});
