import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

interface Seed {
  name: string | null;
  email: string | null;
  attributes?: Record<string, unknown> | null;
  surveyResponses?: Record<string, unknown> | null;
  status?: string;
}

/** Projects and their candidates (the Candidates operations and the project contract of issue 8) on a real PostgreSQL. */
describe('projects and candidates', () => {
  let t: RecruitingTestApp;
  const ids: Record<string, number> = {};
  let projectId: number;
  let otherProjectId: number;
  const candidate: Record<string, number> = {};
  /** The status each candidate of the project was seeded with. */
  const seededStatus = new Map<number, string>();

  const as = (who: 'admin' | 'member' | 'viewer') => t.as(ids[who], who);
  const base = () => `/api/v1/projects/${projectId}/candidates`;
  const list = async (query: string, expectStatus = 200) =>
    (await t.http().get(`${base()}?${query}`).set(as('viewer')).expect(expectStatus)).body;
  const namesOf = (body: { data: Array<{ candidate: { name: string } }> }) => body.data.map((c) => c.candidate.name);

  async function seed(project: number, rows: Seed[]): Promise<number[]> {
    const out: number[] = [];
    for (const [i, row] of rows.entries()) {
      const person = await t.pool.query<{ id: number }>(
        'INSERT INTO candidates (external_user_id, name, email) VALUES ($1, $2, $3) RETURNING id',
        [`ext-${project}-${i}-${Math.random()}`, row.name, row.email],
      );
      const pc = await t.pool.query<{ id: number }>(
        `INSERT INTO project_candidates (project_id, candidate_id, attributes, survey_responses, status, created_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING id`,
        [
          project,
          person.rows[0].id,
          JSON.stringify(row.attributes ?? null),
          JSON.stringify(row.surveyResponses ?? null),
          row.status ?? 'pending',
          i,
        ],
      );
      out.push(pc.rows[0].id);
    }
    return out;
  }

  beforeAll(async () => {
    t = await startRecruiting('recruiting_candidates');
    ids.admin = await t.insertUser('admin@example.com', 'Admin 管理者', 'admin');
    ids.member = await t.insertUser('member@example.com', 'Member 田中', 'member');
    ids.viewer = await t.insertUser('viewer@example.com', 'Viewer', 'viewer');
  });
  afterAll(async () => t?.close());

  describe('projects', () => {
    it('creates a project with the defaults and reads it back', async () => {
      const res = await t.http().post('/api/v1/projects').set(as('member')).send({ name: '2026年秋 ユーザーインタビュー' }).expect(201);
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        name: '2026年秋 ユーザーインタビュー',
        interviewDurationMinutes: 60,
        timezone: 'Asia/Tokyo',
        scoringRules: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      projectId = res.body.data.id;
      const read = await t.http().get(`/api/v1/projects/${projectId}`).set(as('viewer')).expect(200);
      expect(read.body.data.name).toBe('2026年秋 ユーザーインタビュー');
      otherProjectId = (
        await t
          .http()
          .post('/api/v1/projects')
          .set(as('member'))
          .send({ name: 'Other', interviewDurationMinutes: 30, timezone: 'Europe/Berlin' })
          .expect(201)
      ).body.data.id;
    });

    it('refuses bad names, durations, time zones and a viewer', async () => {
      for (const body of [
        {},
        { name: '' },
        { name: 'x'.repeat(256) },
        { name: 'a', interviewDurationMinutes: 4 },
        { name: 'a', interviewDurationMinutes: 481 },
        { name: 'a', interviewDurationMinutes: 30.5 },
        { name: 'a', timezone: 'Mars/Phobos' },
        { name: 'a', extra: 1 },
      ]) {
        const res = await t.http().post('/api/v1/projects').set(as('member')).send(body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
      }
      await t.http().post('/api/v1/projects').set(as('viewer')).send({ name: 'a' }).expect(403);
    });

    it('refuses scoring rules that cannot be used with SCORING_ERROR naming the rule', async () => {
      const res = await t
        .http()
        .patch(`/api/v1/projects/${projectId}`)
        .set(as('member'))
        .send({
          scoringRules: [
            { when: { field: 'age', operator: 'eq', value: 1 }, points: 1 },
            { when: { field: 'age', operator: 'gt', value: 1 }, points: 1 },
          ],
        });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('SCORING_ERROR');
      expect(res.body.error.message).toContain('scoringRules[1]');
    });

    it('lists projects a page at a time and updates only what is sent', async () => {
      const page = await t.http().get('/api/v1/projects?limit=1&page=2').set(as('viewer')).expect(200);
      expect(page.body.data.map((p: { id: number }) => p.id)).toEqual([otherProjectId]);
      expect(page.body.pagination).toMatchObject({ page: 2, limit: 1, totalCount: 2, totalPages: 2, hasNext: false, hasPrevious: true });
      const res = await t
        .http()
        .patch(`/api/v1/projects/${otherProjectId}`)
        .set(as('member'))
        .send({ interviewDurationMinutes: 45 })
        .expect(200);
      expect(res.body.data).toMatchObject({ name: 'Other', interviewDurationMinutes: 45, timezone: 'Europe/Berlin' });
      await t.http().patch('/api/v1/projects/999999').set(as('member')).send({ name: 'x' }).expect(404);
      await t.http().get('/api/v1/projects/999999').set(as('viewer')).expect(404);
    });
  });

  describe('candidates', () => {
    beforeAll(async () => {
      const rows: Seed[] = [
        {
          name: '佐藤 花子',
          email: 'hanako@example.com',
          attributes: { gender: '女性', age: 34, pref: '東京都' },
          surveyResponses: { よく使う機能: ['検索', '通知'], NPS: '9' },
        },
        {
          name: '鈴木 一郎',
          email: 'ichiro@example.jp',
          attributes: { gender: '男性', age: '28', pref: '大阪府' },
          surveyResponses: { よく使う機能: ['通知'], NPS: 6 },
        },
        {
          name: 'Tanaka Ken',
          email: 'KEN@EXAMPLE.COM',
          attributes: { gender: '男性', age: 41, pref: '東京都' },
          surveyResponses: { NPS: '10', コメント: 'Search is GREAT' },
        },
        { name: '100%_literal', email: null, attributes: { gender: 'その他' }, surveyResponses: null },
        { name: null, email: 'noname@example.com', attributes: null, surveyResponses: { NPS: 'abc' } },
      ];
      // Statuses mixed so that their order is not the order of creation (waiting_response is left for the status test).
      const statuses = ['scheduled', 'contacted', 'pending', 'declined', 'cancelled', 'no_show', 'interviewed', 'completed', 'scheduling'];
      for (let i = 0; i < 20; i++)
        rows.push({
          name: `Filler ${String(i).padStart(2, '0')}`,
          email: `f${i}@example.org`,
          attributes: { gender: i % 2 ? '男性' : '女性', age: 50 + i, pref: '神奈川県' },
          status: statuses[i % statuses.length],
        });
      const seeded = await seed(projectId, rows);
      for (const [i, id] of seeded.entries()) seededStatus.set(id, rows[i].status ?? 'pending');
      [candidate.hanako, candidate.ichiro, candidate.ken, candidate.literal, candidate.noname] = seeded;
      candidate.foreign = (await seed(otherProjectId, [{ name: 'Elsewhere', email: 'x@example.com' }]))[0];
    });

    it('lists a page in the envelope with the pagination counted in the database', async () => {
      const body = await list('page=2&limit=10');
      expect(body.data).toHaveLength(10);
      expect(body.pagination).toEqual({ page: 2, limit: 10, totalCount: 25, totalPages: 3, hasNext: true, hasPrevious: true });
      const first = (await list('limit=1')).data[0];
      expect(first).toEqual({
        id: candidate.hanako,
        projectId,
        candidateId: expect.any(Number),
        status: 'pending',
        selectionType: null,
        segmentId: null,
        memo: null,
        priority: null,
        score: null,
        attributes: { gender: '女性', age: 34, pref: '東京都' },
        surveyResponses: { よく使う機能: ['検索', '通知'], NPS: '9' },
        reservationId: null,
        reservation: null,
        availableDates: [],
        candidate: {
          id: first.candidateId,
          externalUserId: expect.any(String),
          email: 'hanako@example.com',
          phone: null,
          name: '佐藤 花子',
        },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it('answers 404 for an unknown project and 400 for a malformed query', async () => {
      await t.http().get('/api/v1/projects/999999/candidates').set(as('viewer')).expect(404);
      await t.http().get('/api/v1/projects/999999/candidates/fields').set(as('viewer')).expect(404);
      for (const query of [
        'limit=101',
        'limit=0',
        'page=0',
        'sort=age',
        'status=hired',
        'selectionType=main',
        'minScore=abc',
        'minScore=5&maxScore=1',
      ]) {
        const res = await t.http().get(`${base()}?${query}`).set(as('viewer'));
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    });

    it('searches name or email case-insensitively, with wildcards taken literally', async () => {
      expect(namesOf(await list(`search=${encodeURIComponent('example.com')}`))).toEqual(['佐藤 花子', 'Tanaka Ken', null]);
      expect(namesOf(await list(`search=${encodeURIComponent('%_')}`))).toEqual(['100%_literal']);
    });

    it('filters by responseFilter: eq with numbers and numeric strings, contains, in, neq, arrays and nested groups', async () => {
      const f = async (filter: unknown) => namesOf(await list(`limit=100&responseFilter=${encodeURIComponent(JSON.stringify(filter))}`));
      expect(await f([{ field: 'age', operator: 'eq', value: '34' }])).toEqual(['佐藤 花子']);
      expect(await f([{ field: 'attributes.age', operator: 'eq', value: 28 }])).toEqual(['鈴木 一郎']);
      expect(await f([{ field: 'NPS', operator: 'in', value: [9, '10'] }])).toEqual(['佐藤 花子', 'Tanaka Ken']);
      expect(await f([{ field: 'surveyResponses.コメント', operator: 'contains', value: 'great' }])).toEqual(['Tanaka Ken']);
      expect(await f([{ field: 'よく使う機能', operator: 'eq', value: '通知' }])).toEqual(['佐藤 花子', '鈴木 一郎']);
      expect(await f([{ field: 'pref', operator: 'neq', value: '神奈川県' }])).toEqual([
        '佐藤 花子',
        '鈴木 一郎',
        'Tanaka Ken',
        '100%_literal',
        null,
      ]);
      expect(
        await f({
          logic: 'or',
          conditions: [
            {
              conditions: [
                { field: 'gender', operator: 'eq', value: '男性' },
                { field: 'pref', operator: 'eq', value: '東京都' },
              ],
            },
            { field: 'NPS', operator: 'eq', value: 'abc' },
          ],
        }),
      ).toEqual(['Tanaka Ken', null]);
    });

    it('answers 400 with a clear message for a filter that cannot be used', async () => {
      const deep = JSON.parse(
        '{"conditions":[{"conditions":[{"conditions":[{"conditions":[{"conditions":[{"conditions":[{"field":"a","operator":"eq","value":1}]}]}]}]}]}]}',
      );
      const cases: Array<[string, string]> = [
        ['{not json', 'not valid JSON'],
        [JSON.stringify([{ field: 'a', operator: 'gt', value: 1 }]), 'unknown'],
        [JSON.stringify([{ operator: 'eq', value: 1 }]), 'field is required'],
        [JSON.stringify([{ field: 'a', operator: 'eq' }]), 'value is required'],
        [JSON.stringify([{ field: 'a', operator: 'in', value: 1 }]), 'array'],
        [JSON.stringify(deep), 'deeper than 5'],
        [JSON.stringify(Array(51).fill({ field: 'a', operator: 'eq', value: 1 })), 'at most 50'],
      ];
      for (const [filter, message] of cases) {
        const res = await t
          .http()
          .get(`${base()}?responseFilter=${encodeURIComponent(filter)}`)
          .set(as('viewer'));
        expect({ filter, status: res.status }).toEqual({ filter, status: 400 });
        expect(res.body.error.message).toContain(message);
      }
    });

    it('sorts by name, status and created_at either way with id breaking ties', async () => {
      expect(namesOf(await list('sort=name&limit=3'))).toEqual(['100%_literal', 'Filler 00', 'Filler 01']);
      expect(namesOf(await list('sort=-name&limit=2'))).toEqual(['鈴木 一郎', '佐藤 花子']);
      expect(namesOf(await list('sort=-created_at&limit=1'))).toEqual(['Filler 19']);
      // By status text, ties by id, each way; the seeded statuses are mixed, so neither is the order of the ids.
      const seeded = [...seededStatus];
      const ascending = seeded
        .sort(([a, statusA], [b, statusB]) => (statusA < statusB ? -1 : statusA > statusB ? 1 : a - b))
        .map(([id]) => id);
      const descending = seeded
        .sort(([a, statusA], [b, statusB]) => (statusA > statusB ? -1 : statusA < statusB ? 1 : b - a))
        .map(([id]) => id);
      expect(new Set(seededStatus.values()).size).toBeGreaterThan(5);
      expect(ascending).not.toEqual([...ascending].sort((a, b) => a - b));
      const ids = (body: { data: Array<{ id: number; status: string }> }) => body.data.map((c) => c.id);
      expect(ids(await list('sort=status&limit=100'))).toEqual(ascending);
      expect(ids(await list('sort=-status&limit=100'))).toEqual(descending);
      expect((await list('sort=status&limit=3')).data.map((c: { status: string }) => c.status)).toEqual([
        'cancelled',
        'cancelled',
        'completed',
      ]);
    });

    it('reports the stored fields with up to five distinct sample values', async () => {
      const res = await t.http().get(`${base()}/fields`).set(as('viewer')).expect(200);
      const fields = res.body.data.fields as Array<{ name: string; source: string; sampleValues: string[] }>;
      expect(fields.map((f) => `${f.source}.${f.name}`)).toEqual([
        'attributes.age',
        'attributes.gender',
        'attributes.pref',
        'surveyResponses.NPS',
        'surveyResponses.よく使う機能',
        'surveyResponses.コメント',
      ]);
      expect(fields.find((f) => f.name === 'gender')!.sampleValues.sort()).toEqual(['その他', '女性', '男性']);
      expect(fields.find((f) => f.name === 'age')!.sampleValues).toHaveLength(5);
    });

    it('reads, updates and refuses person data; a candidate of another project is 404', async () => {
      await t.http().get(`${base()}/${candidate.foreign}`).set(as('viewer')).expect(404);
      const res = await t
        .http()
        .patch(`${base()}/${candidate.hanako}`)
        .set(as('member'))
        .send({ memo: '要フォロー', priority: 'A' })
        .expect(200);
      expect(res.body.data).toMatchObject({ memo: '要フォロー', priority: 'A', attributes: { gender: '女性' } });
      const cleared = await t.http().patch(`${base()}/${candidate.hanako}`).set(as('member')).send({ priority: null }).expect(200);
      expect(cleared.body.data).toMatchObject({ memo: '要フォロー', priority: null });
      for (const body of [{ priority: 'D' }, { priority: 'AB' }, { name: 'New' }, { email: 'x@y.z' }, { attributes: [1] }, { memo: 5 }]) {
        const bad = await t.http().patch(`${base()}/${candidate.hanako}`).set(as('member')).send(body);
        expect({ body, status: bad.status }).toEqual({ body, status: 400 });
      }
      await t.http().patch(`${base()}/${candidate.hanako}`).set(as('viewer')).send({ memo: 'x' }).expect(403);
      await t.http().patch(`${base()}/${candidate.foreign}`).set(as('member')).send({ memo: 'x' }).expect(404);
    });

    it('changes a status through the transition table and writes the history, newest first', async () => {
      const moved = await t
        .http()
        .patch(`${base()}/${candidate.ichiro}/status`)
        .set(as('member'))
        .send({ status: 'contacted', reason: '電話で連絡' })
        .expect(200);
      expect(moved.body.data.status).toBe('contacted');
      await t.http().patch(`${base()}/${candidate.ichiro}/status`).set(as('admin')).send({ status: 'waiting_response' }).expect(200);
      const refused = await t.http().patch(`${base()}/${candidate.ichiro}/status`).set(as('member')).send({ status: 'completed' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('INVALID_STATUS_TRANSITION');
      await t.http().patch(`${base()}/${candidate.ichiro}/status`).set(as('member')).send({ status: 'hired' }).expect(400);
      await t.http().patch(`${base()}/${candidate.foreign}/status`).set(as('member')).send({ status: 'contacted' }).expect(404);
      const history = await t.http().get(`${base()}/${candidate.ichiro}/history`).set(as('viewer')).expect(200);
      expect(history.body.data).toEqual([
        {
          id: expect.any(Number),
          fromStatus: 'contacted',
          toStatus: 'waiting_response',
          reason: null,
          changedBy: ids.admin,
          changedByName: 'Admin 管理者',
          createdAt: expect.any(String),
        },
        {
          id: expect.any(Number),
          fromStatus: 'pending',
          toStatus: 'contacted',
          reason: '電話で連絡',
          changedBy: ids.member,
          changedByName: 'Member 田中',
          createdAt: expect.any(String),
        },
      ]);
      expect((await list('status=waiting_response')).data.map((c: { id: number }) => c.id)).toEqual([candidate.ichiro]);
    });

    it('updates selections all or nothing', async () => {
      const refused = await t
        .http()
        .put(`${base()}/selection`)
        .set(as('member'))
        .send({
          selections: [
            { candidateId: candidate.hanako, selectionType: 'primary', segmentId: 'A' },
            { candidateId: candidate.foreign, selectionType: 'reserve', segmentId: null },
          ],
        });
      expect(refused.status).toBe(404);
      expect((await list('selectionType=primary')).data).toEqual([]);
      const res = await t
        .http()
        .put(`${base()}/selection`)
        .set(as('member'))
        .send({
          selections: [
            { candidateId: candidate.hanako, selectionType: 'primary', segmentId: 'A' },
            { candidateId: candidate.ken, selectionType: 'reserve', segmentId: 'A' },
          ],
        })
        .expect(200);
      expect(res.body.data).toEqual({ updated: 2 });
      expect(namesOf(await list('selectionType=primary'))).toEqual(['佐藤 花子']);
      expect(namesOf(await list('segmentId=A'))).toEqual(['佐藤 花子', 'Tanaka Ken']);
      await t
        .http()
        .put(`${base()}/selection`)
        .set(as('member'))
        .send({ selections: [{ candidateId: candidate.ken, selectionType: null, segmentId: null }] })
        .expect(200);
      expect(namesOf(await list('segmentId=A'))).toEqual(['佐藤 花子']);
      for (const body of [
        { selections: [] },
        { selections: [{ candidateId: candidate.ken, selectionType: 'main' }] },
        { selections: Array(1001).fill({ candidateId: 1, selectionType: null }) },
        {
          selections: [
            { candidateId: candidate.ken, selectionType: null },
            { candidateId: candidate.ken, selectionType: 'primary' },
          ],
        },
      ]) {
        const bad = await t.http().put(`${base()}/selection`).set(as('member')).send(body);
        expect(bad.status).toBe(400);
      }
    });

    it('scores with the project rules in one statement and filters by score', async () => {
      const none = await t.http().post(`${base()}/score`).set(as('member')).expect(400);
      expect(none.body.error.code).toBe('SCORING_ERROR');
      await t.http().post('/api/v1/projects/999999/candidates/score').set(as('member')).expect(404);
      await t
        .http()
        .patch(`/api/v1/projects/${projectId}`)
        .set(as('member'))
        .send({
          scoringRules: [
            { when: { field: 'pref', operator: 'eq', value: '東京都' }, points: 10 },
            {
              when: {
                logic: 'or',
                conditions: [
                  { field: 'NPS', operator: 'in', value: [9, 10] },
                  { field: 'age', operator: 'eq', value: 28 },
                ],
              },
              points: 2.5,
            },
            { when: { field: 'gender', operator: 'eq', value: 'その他' }, points: -1 },
          ],
        })
        .expect(200);
      const res = await t.http().post(`${base()}/score`).set(as('member')).expect(200);
      expect(res.body.data).toEqual({ updated: 25 });
      const again = await t.http().post(`${base()}/score`).set(as('member')).expect(200);
      expect(again.body.data).toEqual({ updated: 0 });
      const top = await list('sort=-score&limit=4');
      expect(top.data.map((c: { candidate: { name: string }; score: string }) => [c.candidate.name, c.score])).toEqual([
        ['Tanaka Ken', '12.5'],
        ['佐藤 花子', '12.5'],
        ['鈴木 一郎', '2.5'],
        [expect.any(String), '0'],
      ]);
      expect(namesOf(await list('minScore=2.5&maxScore=3'))).toEqual(['鈴木 一郎']);
      expect(namesOf(await list('maxScore=-0.5'))).toEqual(['100%_literal']);
    });

    it('scores with exactly the matching of the list filter, rule by rule', async () => {
      const conditions = [
        { field: 'age', operator: 'eq', value: 28 },
        { field: 'NPS', operator: 'eq', value: 9 },
        { field: 'attributes.age', operator: 'in', value: ['41', 50, 99] },
        { field: 'surveyResponses.gender', operator: 'eq', value: '女性' },
        { field: 'gender', operator: 'neq', value: '男性' },
        { field: 'よく使う機能', operator: 'eq', value: '検索' },
        { field: 'よく使う機能', operator: 'contains', value: '通' },
        { field: 'コメント', operator: 'contains', value: 'great' },
        { field: 'NPS', operator: 'contains', value: 'b' },
        {
          logic: 'or',
          conditions: [
            { field: 'pref', operator: 'eq', value: '大阪府' },
            { field: 'NPS', operator: 'in', value: [10] },
          ],
        },
        {
          logic: 'and',
          conditions: [
            { field: 'gender', operator: 'eq', value: '女性' },
            {
              logic: 'or',
              conditions: [
                { field: 'age', operator: 'neq', value: 50 },
                { field: 'pref', operator: 'eq', value: '東京都' },
              ],
            },
          ],
        },
      ];
      await t
        .http()
        .patch(`/api/v1/projects/${projectId}`)
        .set(as('member'))
        .send({ scoringRules: conditions.map((when, i) => ({ when, points: 2 ** i })) })
        .expect(200);
      await t.http().post(`${base()}/score`).set(as('member')).expect(200);
      const scores = new Map<number, number>(
        (await list('limit=100')).data.map((c: { id: number; score: string }) => [c.id, Number(c.score)]),
      );
      expect(scores.size).toBe(25);
      for (const [i, when] of conditions.entries()) {
        const matched = (await list(`limit=100&responseFilter=${encodeURIComponent(JSON.stringify(when))}`)).data.map(
          (c: { id: number }) => c.id,
        );
        const scored = [...scores].filter(([, score]) => Math.floor(score / 2 ** i) % 2 === 1).map(([id]) => id);
        expect({ when, ids: scored.sort() }).toEqual({ when, ids: [...matched].sort() });
      }
    });

    it('deletes a candidate with its history, keeping the person; refuses a project delete while it has candidates', async () => {
      const { rows } = await t.pool.query('SELECT candidate_id FROM project_candidates WHERE id = $1', [candidate.ichiro]);
      await t.http().delete(`${base()}/${candidate.ichiro}`).set(as('viewer')).expect(403);
      await t.http().delete(`${base()}/${candidate.ichiro}`).set(as('member')).expect(204);
      await t.http().get(`${base()}/${candidate.ichiro}`).set(as('viewer')).expect(404);
      await t.http().delete(`${base()}/${candidate.ichiro}`).set(as('member')).expect(404);
      expect(
        (await t.pool.query('SELECT count(*)::int AS n FROM candidate_status_history WHERE project_candidate_id = $1', [candidate.ichiro]))
          .rows[0].n,
      ).toBe(0);
      expect((await t.pool.query('SELECT count(*)::int AS n FROM candidates WHERE id = $1', [rows[0].candidate_id])).rows[0].n).toBe(1);

      await t.http().delete(`/api/v1/projects/${projectId}`).set(as('member')).expect(403);
      const conflict = await t.http().delete(`/api/v1/projects/${projectId}`).set(as('admin')).expect(409);
      expect(conflict.body.error.code).toBe('CONFLICT');
      const empty = (await t.http().post('/api/v1/projects').set(as('member')).send({ name: 'Empty' }).expect(201)).body.data.id;
      await t.http().delete(`/api/v1/projects/${empty}`).set(as('admin')).expect(204);
      await t.http().delete(`/api/v1/projects/${empty}`).set(as('admin')).expect(404);
    });
  });
});
