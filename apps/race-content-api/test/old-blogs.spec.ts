import { ObjectId } from 'mongodb';
import request from 'supertest';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

describe('past blogs with the local embedding, against FerretDB', () => {
  let kit: RaceContentKit;
  const http = () => request(kit.server());
  const create = (body: Record<string, unknown>) => http().post('/v1/old_blogs').set(as('member')).send(body);
  const stored = (id: string) => kit.db.collection('old_blogs').findOne({ _id: new ObjectId(id) });
  const fields = (res: request.Response) => res.body.error.details.map((d: { field: string }) => d.field);

  beforeAll(async () => {
    kit = await startRaceContentKit();
  });
  afterAll(() => kit?.close());

  it('registers a past blog: body sanitized, relative images made absolute from source_url, embedded, vector never shown', async () => {
    const res = await create({
      name: '2024年 天皇賞（秋）回顧',
      body_html: '<h2>回顧</h2><p>勝ったのは<img src="/images/winner.jpg" alt="勝ち馬"><img src="photo.png"></p><script>track()</script>',
      race_id: 'h-20241027-05-11',
      race_type: 'horse_racing',
      blog_type: 'weekly',
      category: 'レース結果・回顧',
      source_url: 'https://old-blog.example.jp/entries/2024/10/tenno-sho.html',
      published_at: 1_730_000_000_000,
    }).expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      race_id: 'h-20241027-05-11',
      race_type: 'horse_racing',
      blog_type: 'weekly',
      category: 'レース結果・回顧',
      source_url: 'https://old-blog.example.jp/entries/2024/10/tenno-sho.html',
      published_at: 1_730_000_000_000,
      name: '2024年 天皇賞（秋）回顧',
      body_html:
        '<h2>回顧</h2><p>勝ったのは<img src="https://old-blog.example.jp/images/winner.jpg" alt="勝ち馬" />' +
        '<img src="https://old-blog.example.jp/entries/2024/10/photo.png" /></p>',
      created_at: expect.any(Number),
      updated_at: res.body.created_at,
    });
    expect((await stored(res.body.id))?.embedding).toHaveLength(256);
    const read = await http().get(`/v1/old_blogs/${res.body.id}`).set(as('viewer')).expect(200);
    expect(read.body).toEqual(res.body);
  });

  it('takes the optional fields as null, and refuses bad ones with 422', async () => {
    const res = await create({ name: 'タイトルのみ', body_html: '<p>本文 <img src="rel.png"></p>' }).expect(201);
    expect(res.body).toMatchObject({
      race_id: null,
      race_type: null,
      blog_type: null,
      category: null,
      source_url: null,
      published_at: null,
    });
    expect(res.body.body_html).toBe('<p>本文 <img src="rel.png" /></p>');
    expect(fields(await create({ name: 'x', body_html: 'x', source_url: 'javascript:alert(1)' }).expect(422))).toEqual(['source_url']);
    expect(fields(await create({ name: 'x', body_html: 'x', race_type: 'boat' }).expect(422))).toEqual(['race_type']);
    expect(fields(await create({ name: 'x', body_html: 'x', published_at: 'yesterday' }).expect(422))).toEqual(['published_at']);
    expect(fields(await create({ body_html: 'x' }).expect(422))).toEqual(['name']);
    expect(fields(await create({ name: 'x', body_html: 'x', embedding: [1] }).expect(422))).toEqual(['embedding']);
  });

  it('lists by updated_at, filtered by race_id', async () => {
    const all = await http().get('/v1/old_blogs?order=asc').set(as('viewer')).expect(200);
    expect(all.body.total_count).toBe(2);
    expect(all.body.list.map((b: { name: string }) => b.name)).toEqual(['2024年 天皇賞（秋）回顧', 'タイトルのみ']);
    const ofRace = await http().get('/v1/old_blogs?race_id=h-20241027-05-11').set(as('viewer')).expect(200);
    expect(ofRace.body.list.map((b: { name: string }) => b.name)).toEqual(['2024年 天皇賞（秋）回顧']);
    for (const query of ['race_id[$ne]=x', 'category=x', 'size=0'])
      expect((await http().get(`/v1/old_blogs?${query}`).set(as('viewer'))).status).toBe(422);
  });

  it('changes the category only: unchanged writes nothing, changed re-embeds', async () => {
    const created = await create({ name: '予想の振り返り', body_html: '<p>本命は3着</p>', category: 'コラム' }).expect(201);
    const before = await stored(created.body.id);
    const same = await http().put(`/v1/old_blogs/${created.body.id}`).set(as('member')).send({ category: 'コラム' }).expect(200);
    expect(same.body).toEqual(created.body);
    expect(await stored(created.body.id)).toEqual(before);

    const changed = await http()
      .put(`/v1/old_blogs/${created.body.id}`)
      .set(as('member'))
      .send({ category: 'レース予想・検証' })
      .expect(200);
    expect(changed.body).toMatchObject({ category: 'レース予想・検証', name: '予想の振り返り' });
    expect(changed.body.updated_at).toBeGreaterThanOrEqual(created.body.updated_at);
    const after = await stored(created.body.id);
    expect(after?.embedding).toHaveLength(256);
    expect(after?.embedding).not.toEqual(before?.embedding);

    const cleared = await http().put(`/v1/old_blogs/${created.body.id}`).set(as('member')).send({ category: null }).expect(200);
    expect(cleared.body.category).toBeNull();
  });

  it('refuses anything but the category in a PUT, and answers 404 for unknown ids; there is no delete', async () => {
    const id = (await http().get('/v1/old_blogs').set(as('viewer')).expect(200)).body.list[0].id;
    expect(fields(await http().put(`/v1/old_blogs/${id}`).set(as('member')).send({ category: 'x', name: 'y' }).expect(422))).toEqual([
      'name',
    ]);
    expect(fields(await http().put(`/v1/old_blogs/${id}`).set(as('member')).send({}).expect(422))).toEqual(['category']);
    await http().put(`/v1/old_blogs/${new ObjectId().toHexString()}`).set(as('member')).send({ category: 'x' }).expect(404);
    await http().get('/v1/old_blogs/nope').set(as('viewer')).expect(404);
    expect((await http().delete(`/v1/old_blogs/${id}`).set(as('member'))).status).toBe(404);
    expect((await http().put(`/v1/old_blogs/${id}`).set(as('viewer')).send({ category: 'x' })).status).toBe(403);
  });
});
