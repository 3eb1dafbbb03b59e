import { ObjectId } from 'mongodb';
import request from 'supertest';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

describe('NG words against FerretDB', () => {
  let kit: RaceContentKit;
  const http = () => request(kit.server());
  const add = (name: unknown) => http().post('/v1/ng_words').set(as('member')).send({ name });

  beforeAll(async () => {
    kit = await startRaceContentKit();
  });
  afterAll(() => kit?.close());

  it('adds, reads, lists, renames and deletes words with unique names', async () => {
    const created = await add('八百長').expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: '八百長',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    const id = created.body.id;
    await add('インサイダー').expect(201);
    await http().get(`/v1/ng_words/${id}`).set(as('viewer')).expect(200, created.body);

    const list = await http().get('/v1/ng_words?order=asc').set(as('viewer')).expect(200);
    expect(list.body).toMatchObject({ current_page: 1, total_count: 2 });
    expect(list.body.list.map((w: { name: string }) => w.name)).toEqual(['八百長', 'インサイダー']);

    const renamed = await http().put(`/v1/ng_words/${id}`).set(as('member')).send({ name: '談合' }).expect(200);
    expect(renamed.body).toMatchObject({ id, name: '談合' });
    await http().put(`/v1/ng_words/${id}`).set(as('member')).send({ name: '談合' }).expect(200);

    await http().delete(`/v1/ng_words/${id}`).set(as('member')).expect(204);
    await http().get(`/v1/ng_words/${id}`).set(as('viewer')).expect(404);
    await http().put(`/v1/ng_words/${id}`).set(as('member')).send({ name: 'x' }).expect(404);
    await http().delete(`/v1/ng_words/${id}`).set(as('member')).expect(404);
    expect((await http().get('/v1/ng_words').set(as('viewer')).expect(200)).body.total_count).toBe(1);
  });

  it('answers 409 for a name in use (on create and rename), and frees the name of a deleted word', async () => {
    const word = await add('暴言').expect(201);
    const other = await add('差別語').expect(201);
    const dup = await add('暴言');
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('NAME_TAKEN');
    expect((await http().put(`/v1/ng_words/${other.body.id}`).set(as('member')).send({ name: '暴言' })).status).toBe(409);
    await http().delete(`/v1/ng_words/${word.body.id}`).set(as('member')).expect(204);
    await add('暴言').expect(201);
    const answers = await Promise.all([add('同時語'), add('同時語')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('answers 404 for unknown ids, 422 for bad bodies and queries, 403 for a viewer writing', async () => {
    await http().get(`/v1/ng_words/${new ObjectId().toHexString()}`).set(as('viewer')).expect(404);
    await http().get('/v1/ng_words/zzz').set(as('viewer')).expect(404);
    for (const name of ['', null, 12, ['a'], { $ne: null }, 'x'.repeat(101)]) {
      const res = await add(name);
      expect(res.status).toBe(422);
      expect(res.body.error.details[0].field).toBe('name');
    }
    expect((await http().post('/v1/ng_words').set(as('member')).send({ name: 'a', extra: true })).status).toBe(422);
    expect((await http().get('/v1/ng_words?size=101').set(as('viewer'))).status).toBe(422);
    expect((await http().get('/v1/ng_words?name=x').set(as('viewer'))).status).toBe(422);
    expect((await http().post('/v1/ng_words').set(as('viewer')).send({ name: 'a' })).status).toBe(403);
  });
});
