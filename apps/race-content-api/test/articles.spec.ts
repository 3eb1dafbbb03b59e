import { ObjectId } from 'mongodb';
import request from 'supertest';
import { createRaces, FIXTURES } from './fixtures';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

describe('articles, manual operations, against FerretDB', () => {
  let kit: RaceContentKit;
  const http = () => request(kit.server());
  const create = (body: Record<string, unknown>, role = 'member') => http().post('/v1/articles').set(as(role)).send(body);
  const base = () => ({
    race_id: FIXTURES.keirin.id,
    title: 'グランプリ回顧',
    body_html: '<h2>回顧</h2><p>郡司が優勝</p>',
    opening_at: 1_790_000_000_000,
  });
  const fields = (res: request.Response) => res.body.error.details.map((d: { field: string }) => d.field);

  beforeAll(async () => {
    kit = await startRaceContentKit();
    await createRaces(kit.server(), [FIXTURES.keirin, FIXTURES.keirinDeadHeat]);
  });
  afterAll(() => kit?.close());

  describe('POST /v1/articles', () => {
    it('creates a draft by default, a published one when asked, with the body sanitized', async () => {
      const res = await create({ ...base(), body_html: '<h2 onclick="x()">回顧</h2><script>alert(1)</script><p>本文</p>' }).expect(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        race_id: FIXTURES.keirin.id,
        title: 'グランプリ回顧',
        body_html: '<h2>回顧</h2><p>本文</p>',
        status: 'draft',
        opening_at: 1_790_000_000_000,
        closing_at: null,
        accuracy_test_data: null,
        generation_error: null,
        custom_prompt: null,
        created_at: expect.any(Number),
        updated_at: res.body.created_at,
      });
      const published = await create({ ...base(), status: 'published', closing_at: 1_800_000_000_000 }).expect(201);
      expect(published.body).toMatchObject({ status: 'published', closing_at: 1_800_000_000_000 });
    });

    it('answers 400 for status generating or failed, and for a race_id of no race', async () => {
      for (const status of ['generating', 'failed']) {
        const res = await create({ ...base(), status });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('STATUS_NOT_ALLOWED');
      }
      const unknown = await create({ ...base(), race_id: 'no-such-race' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('UNKNOWN_RACE');
    });

    it('answers 422 naming the fields for a missing, mistyped, unknown or out-of-range field', async () => {
      expect(fields(await create({ title: 'x' }).expect(422))).toEqual(expect.arrayContaining(['race_id', 'body_html', 'opening_at']));
      expect(fields(await create({ ...base(), status: 'archived' }).expect(422))).toEqual(['status']);
      expect(fields(await create({ ...base(), opening_at: '2026-01-01' }).expect(422))).toEqual(['opening_at']);
      expect(fields(await create({ ...base(), opening_at: -1 }).expect(422))).toEqual(['opening_at']);
      expect(fields(await create({ ...base(), title: '' }).expect(422))).toEqual(['title']);
      expect(fields(await create({ ...base(), extra: 1 }).expect(422))).toEqual(['extra']);
      expect(fields(await create({ ...base(), race_id: { $ne: null } }).expect(422))).toEqual(['race_id']);
    });

    it('is for members: a viewer gets 403, no token 401', async () => {
      expect((await create(base(), 'viewer')).status).toBe(403);
      expect((await http().post('/v1/articles').send(base())).status).toBe(401);
    });
  });

  describe('reads', () => {
    let ids: { keirin: string; deadHeat: string; failed: string };

    beforeAll(async () => {
      const keirin = await create({ ...base(), title: 'a' }).expect(201);
      const deadHeat = await create({ ...base(), race_id: FIXTURES.keirinDeadHeat.id, title: 'b', status: 'published' }).expect(201);
      const failedId = new ObjectId();
      const now = Date.now();
      await kit.db.collection('articles').insertOne({
        _id: failedId,
        race_id: FIXTURES.keirinDeadHeat.id,
        title: 'failed one',
        body_html: '',
        status: 'failed',
        opening_at: now,
        closing_at: null,
        accuracy_test_data_json: null,
        generation_error: 'Article generation failed: provider down',
        custom_prompt: '短く',
        created_at: now,
        updated_at: now + 1000,
        deleted_at: null,
      });
      ids = { keirin: keirin.body.id, deadHeat: deadHeat.body.id, failed: failedId.toHexString() };
    });

    it('gets an article by id; 404 for an unknown, malformed or deleted one', async () => {
      const res = await http().get(`/v1/articles/${ids.failed}`).set(as('viewer')).expect(200);
      expect(res.body).toMatchObject({
        status: 'failed',
        generation_error: 'Article generation failed: provider down',
        custom_prompt: '短く',
      });
      await http().get(`/v1/articles/${new ObjectId().toHexString()}`).set(as('viewer')).expect(404);
      await http().get('/v1/articles/not-an-id').set(as('viewer')).expect(404);
      await http().get(`/v1/articles/${ids.failed.toUpperCase()}`).set(as('viewer')).expect(200);
    });

    it('gets an article through its race, 404 when the race differs', async () => {
      await http().get(`/v1/races/${FIXTURES.keirin.id}/articles/${ids.keirin}`).set(as('viewer')).expect(200);
      const other = await http().get(`/v1/races/${FIXTURES.keirinDeadHeat.id}/articles/${ids.keirin}`).set(as('viewer'));
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('NOT_FOUND');
    });

    it('lists by updated_at, filtered by race_id and status (failed lists failed generations)', async () => {
      const all = await http().get('/v1/articles?size=100').set(as('viewer')).expect(200);
      expect(all.body.total_count).toBe(all.body.list.length);
      expect(all.body.list[0].id).toBe(ids.failed);
      const updated = all.body.list.map((a: { updated_at: number }) => a.updated_at);
      expect(updated).toEqual([...updated].sort((a, b) => b - a));
      const failed = await http().get('/v1/articles?status=failed').set(as('viewer')).expect(200);
      expect(failed.body).toEqual({ list: [expect.objectContaining({ id: ids.failed })], current_page: 1, total_count: 1 });
      const ofRace = await http().get(`/v1/articles?race_id=${FIXTURES.keirinDeadHeat.id}&order=asc`).set(as('viewer')).expect(200);
      expect(ofRace.body.list.map((a: { id: string }) => a.id)).toEqual([ids.deadHeat, ids.failed]);
      const page = await http().get('/v1/articles?size=1&page=2&order=asc').set(as('viewer')).expect(200);
      expect(page.body).toMatchObject({ current_page: 2, total_count: all.body.total_count });
      expect(page.body.list).toHaveLength(1);
    });

    it('answers 422 for an unknown status and for operator-shaped queries', async () => {
      for (const query of ['status=archived', 'race_id[$ne]=x', 'race_id=a&race_id=b', 'status[$in]=draft']) {
        const res = await http().get(`/v1/articles?${query}`).set(as('viewer'));
        expect(res.status).toBe(422);
      }
    });

    describe('PUT /v1/articles/{article_id}', () => {
      it('changes only the fields sent; null and omitted fields stay', async () => {
        const res = await http()
          .put(`/v1/articles/${ids.keirin}`)
          .set(as('member'))
          .send({ title: '新しい題', status: 'published', body_html: null, closing_at: null })
          .expect(200);
        expect(res.body).toMatchObject({
          title: '新しい題',
          status: 'published',
          body_html: '<h2>回顧</h2><p>郡司が優勝</p>',
          closing_at: null,
        });
        expect(res.body.updated_at).toBeGreaterThanOrEqual(res.body.created_at);
      });

      it('changes body_html and accuracy_test_data together, the body sanitized', async () => {
        const accuracy = { checked_at: '2026-12-31', facts: [['winner', '郡司 浩平']], 'odds.win': 2.8 };
        const res = await http()
          .put(`/v1/articles/${ids.keirin}`)
          .set(as('member'))
          .send({ body_html: '<p>修正<img src="x" onerror="alert(1)"></p>', accuracy_test_data: accuracy })
          .expect(200);
        expect(res.body).toMatchObject({ body_html: '<p>修正<img src="x" /></p>', accuracy_test_data: accuracy });
        const read = await http().get(`/v1/articles/${ids.keirin}`).set(as('viewer')).expect(200);
        expect(read.body.accuracy_test_data).toEqual(accuracy);
      });

      it('moves an article to another existing race; 400 for a race_id of no race', async () => {
        await http().put(`/v1/articles/${ids.deadHeat}`).set(as('member')).send({ race_id: FIXTURES.keirin.id }).expect(200);
        const res = await http().put(`/v1/articles/${ids.deadHeat}`).set(as('member')).send({ race_id: 'no-such-race' });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('UNKNOWN_RACE');
      });

      it('answers 400 for status generating or failed, 409 for a status on a failed article, 404 for none', async () => {
        for (const status of ['generating', 'failed']) {
          expect((await http().put(`/v1/articles/${ids.keirin}`).set(as('member')).send({ status })).status).toBe(400);
        }
        const failed = await http().put(`/v1/articles/${ids.failed}`).set(as('member')).send({ status: 'draft' });
        expect(failed.status).toBe(409);
        expect(failed.body.error.code).toBe('INVALID_STATE');
        await http().put(`/v1/articles/${ids.failed}`).set(as('member')).send({ title: 'kept failed' }).expect(200);
        await http().put(`/v1/articles/${new ObjectId().toHexString()}`).set(as('member')).send({ title: 'x' }).expect(404);
        expect(
          fields(
            await http()
              .put(`/v1/articles/${ids.keirin}`)
              .set(as('member'))
              .send({ accuracy_test_data: [1] })
              .expect(422),
          ),
        ).toEqual(['accuracy_test_data']);
      });

      it('refuses to edit an article that is being generated (409)', async () => {
        await kit.db.collection('articles').updateOne({ _id: new ObjectId(ids.failed) }, { $set: { status: 'generating' } });
        const res = await http().put(`/v1/articles/${ids.failed}`).set(as('member')).send({ title: 'x' });
        expect(res.status).toBe(409);
        await kit.db.collection('articles').updateOne({ _id: new ObjectId(ids.failed) }, { $set: { status: 'failed' } });
      });
    });

    it('soft-deletes (204): gone from reads and lists, 404 the second time', async () => {
      await http().delete(`/v1/articles/${ids.deadHeat}`).set(as('member')).expect(204);
      await http().get(`/v1/articles/${ids.deadHeat}`).set(as('viewer')).expect(404);
      await http().delete(`/v1/articles/${ids.deadHeat}`).set(as('member')).expect(404);
      const list = await http().get('/v1/articles?size=100').set(as('viewer')).expect(200);
      expect(list.body.list.map((a: { id: string }) => a.id)).not.toContain(ids.deadHeat);
      expect(await kit.db.collection('articles').countDocuments({ _id: new ObjectId(ids.deadHeat), deleted_at: { $ne: null } })).toBe(1);
    });
  });
});
