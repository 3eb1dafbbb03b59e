import { connect } from 'amqplib';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { topologyOf } from '@platform/messaging';
import { RACE_CONTENT_QUEUES } from '@platform/race-content-data';
import { testServices } from '@platform/testing/harness';
import { FIXTURES, fixtureBytes } from './fixtures';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

describe('blog generation routes: blogs stored as generating, jobs queued', () => {
  let kit: RaceContentKit;
  let amqp: Awaited<ReturnType<typeof connect>>;
  let channel: Awaited<ReturnType<Awaited<ReturnType<typeof connect>>['createChannel']>>;
  let categories: Record<string, string>;
  const http = () => request(kit.server());
  const member = () => as('member');
  const take = async (queue: 'blogGeneration' | 'blogRewriter' | 'thumbnailGeneration') => {
    const message = await channel.get(topologyOf(RACE_CONTENT_QUEUES[queue], kit.config.messaging.queuePrefix).main, { noAck: true });
    if (!message) throw new Error(`no ${queue} job queued`);
    return { body: JSON.parse(message.content.toString('utf8')), messageId: message.properties.messageId };
  };
  const blog = (id: string) => kit.db.collection('blogs').findOne({ _id: new ObjectId(id) });
  const upload = (fixture: (typeof FIXTURES)[keyof typeof FIXTURES]) =>
    http().post('/v1/races').set(member()).field('type', fixture.type).attach('file', fixtureBytes(fixture), fixture.file).expect(201);

  beforeAll(async () => {
    kit = await startRaceContentKit();
    for (const fixture of [FIXTURES.horse, FIXTURES.horseVoid, FIXTURES.keirin]) await upload(fixture);
    const listed = await http().get('/v1/categories').set(as('viewer')).expect(200);
    categories = Object.fromEntries(listed.body.list.map((c: { id: string; name: string }) => [c.name, c.id]));
    amqp = await connect(testServices.amqpUrl);
    channel = await amqp.createChannel();
  });
  afterAll(async () => {
    await amqp?.close();
    await kit?.close();
  });

  describe('POST /v1/blogs/generate', () => {
    it('creates a recap in generating, named from the race, in the recap category, and queues blog-generation', async () => {
      const res = await http().post('/v1/blogs/generate').set(member()).send({ race_id: FIXTURES.horse.id }).expect(202);
      expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });
      const shown = await http().get(`/v1/blogs/${res.body.id}`).set(as('viewer')).expect(200);
      expect(shown.body).toMatchObject({
        name: '2026-11-01 東京11R 天皇賞（秋） レース回顧',
        race_id: FIXTURES.horse.id,
        race_type: 'horse_racing',
        origin: 'generation',
        category_id: categories['レース結果・回顧'],
        category: 'レース結果・回顧',
        body_html: '',
        status: 'generating',
      });
      const job = await take('blogGeneration');
      const stored = await blog(res.body.id);
      expect(job).toEqual({
        body: {
          blog_id: res.body.id,
          race_id: FIXTURES.horse.id,
          racing_type: 'horse_racing',
          kind: 'recap',
          generation_id: stored!.generation_id,
        },
        messageId: stored!.generation_id,
      });
    });

    it('takes a prediction only with prediction data (422 before), in the prediction category, with the name sent', async () => {
      const before = await http().post('/v1/blogs/generate').set(member()).send({ race_id: FIXTURES.keirin.id, kind: 'prediction' });
      expect([before.status, before.body.error.code]).toEqual([422, 'NO_PREDICTION_DATA']);
      await http()
        .put('/v1/races/prediction')
        .set(member())
        .attach('file', fixtureBytes(FIXTURES.keirinPrediction), FIXTURES.keirinPrediction.file)
        .expect(200);
      const res = await http()
        .post('/v1/blogs/generate')
        .set(member())
        .send({ race_id: FIXTURES.keirin.id, kind: 'prediction', name: 'グランプリ予想' })
        .expect(202);
      expect(await blog(res.body.id)).toMatchObject({
        name: 'グランプリ予想',
        category_id: categories['レース予想・検証'],
        race_type: 'bicycle_racing',
      });
      expect((await take('blogGeneration')).body).toMatchObject({ kind: 'prediction', racing_type: 'bicycle_racing' });
    });

    it('answers 404 for an unknown race and 422 for a recap without a finishing order', async () => {
      const unknown = await http().post('/v1/blogs/generate').set(member()).send({ race_id: 'no-such-race' });
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
      const voidRace = await http().post('/v1/blogs/generate').set(member()).send({ race_id: FIXTURES.horseVoid.id });
      expect([voidRace.status, voidRace.body.error.code]).toEqual([422, 'NO_FINISHING_ORDER']);
    });

    it('links no category when the category of the kind does not exist', async () => {
      await kit.db.collection('categories').updateOne({ name: 'レース結果・回顧' }, { $set: { deleted_at: 1 }, $unset: { live_name: '' } });
      try {
        const res = await http().post('/v1/blogs/generate').set(member()).send({ race_id: FIXTURES.horse.id, kind: 'recap' }).expect(202);
        expect(await blog(res.body.id)).toMatchObject({ category_id: null });
        await take('blogGeneration');
      } finally {
        await kit.db
          .collection('categories')
          .updateOne({ name: 'レース結果・回顧' }, { $set: { deleted_at: null, live_name: 'レース結果・回顧' } });
      }
    });
  });

  describe('rewrites of past blogs', () => {
    let withRace: string;
    let withoutRace: string;

    beforeAll(async () => {
      const register = (body: Record<string, unknown>) => http().post('/v1/old_blogs').set(member()).send(body).expect(201);
      withRace = (
        await register({
          name: '天皇賞 過去回顧',
          body_html: '<p>昨年の天皇賞</p>',
          race_id: FIXTURES.horse.id,
          race_type: 'horse_racing',
          blog_type: 'weekly',
          category: 'レース結果・回顧',
          source_url: 'https://old.example.jp/a.html',
        })
      ).body.id;
      withoutRace = (await register({ name: '競馬コラム', body_html: '<p>コラム本文</p>', category: '存在しないカテゴリ' })).body.id;
    });

    it('POST /v1/blogs/generation inherits from the past blog and queues blog-rewriter', async () => {
      const res = await http().post('/v1/blogs/generation').set(member()).send({ old_blog_id: withRace }).expect(202);
      const stored = await blog(res.body.id);
      const oldBlog = await kit.db.collection('old_blogs').findOne({ _id: new ObjectId(withRace) });
      expect(stored).toMatchObject({
        name: '天皇賞 過去回顧',
        race_id: FIXTURES.horse.id,
        race_type: 'horse_racing',
        blog_type: 'weekly',
        old_blog_id: withRace,
        source_url: 'https://old.example.jp/a.html',
        category_id: categories['レース結果・回顧'],
        status: 'generating',
        body_html: '',
        embedding: oldBlog!.embedding,
      });
      expect((await take('blogRewriter')).body).toEqual({
        blog_id: res.body.id,
        old_blog_id: withRace,
        race_id: FIXTURES.horse.id,
        racing_type: 'horse_racing',
        generation_id: stored!.generation_id,
      });
      const shown = await http().get(`/v1/blogs/${res.body.id}`).set(as('viewer')).expect(200);
      expect(shown.body.origin).toBe('rewrite');
    });

    it('takes a category_id and a name; 400 for an unknown past blog or category', async () => {
      const res = await http()
        .post('/v1/blogs/generation')
        .set(member())
        .send({ old_blog_id: withoutRace, category_id: categories['レース予想・検証'], name: '新題' });
      expect([res.status, res.body]).toEqual([202, { id: expect.any(String) }]);
      expect(await blog(res.body.id)).toMatchObject({
        name: '新題',
        category_id: categories['レース予想・検証'],
        race_id: null,
        race_type: null,
      });
      await take('blogRewriter');
      const unknown = await http().post('/v1/blogs/generation').set(member()).send({ old_blog_id: new ObjectId().toHexString() });
      expect([unknown.status, unknown.body.error.code]).toEqual([400, 'UNKNOWN_OLD_BLOG']);
      const badCategory = await http().post('/v1/blogs/generation').set(member()).send({ old_blog_id: withoutRace, category_id: 'nope' });
      expect([badCategory.status, badCategory.body.error.code]).toEqual([400, 'UNKNOWN_CATEGORY']);
      await http().post('/v1/blogs/generation').set(member()).send({}).expect(422);
    });

    it("POST /v1/old_blogs/{id}/rewrite takes the request's race when the past blog has none, its type from the race", async () => {
      const res = await http().post(`/v1/old_blogs/${withoutRace}/rewrite`).set(member()).send({ race_id: FIXTURES.keirin.id }).expect(202);
      expect(await blog(res.body.id)).toMatchObject({
        name: '競馬コラム',
        race_id: FIXTURES.keirin.id,
        race_type: 'bicycle_racing',
        category_id: null,
        old_blog_id: withoutRace,
      });
      expect((await take('blogRewriter')).body).toMatchObject({ race_id: FIXTURES.keirin.id, racing_type: 'bicycle_racing' });
    });

    it('keeps the past blog race over the request, takes an omitted body, and answers 404 for an unknown past blog or race', async () => {
      const res = await http().post(`/v1/old_blogs/${withRace}/rewrite`).set(member()).expect(202);
      expect(await blog(res.body.id)).toMatchObject({ race_id: FIXTURES.horse.id });
      await take('blogRewriter');
      const without = await http().post(`/v1/old_blogs/${withoutRace}/rewrite`).set(member()).send({}).expect(202);
      expect(await blog(without.body.id)).toMatchObject({ race_id: null, race_type: null });
      expect((await take('blogRewriter')).body).toMatchObject({ race_id: null, racing_type: null });
      await http().post(`/v1/old_blogs/${new ObjectId().toHexString()}/rewrite`).set(member()).send({}).expect(404);
      const race = await http().post(`/v1/old_blogs/${withoutRace}/rewrite`).set(member()).send({ race_id: 'no-such-race' });
      expect([race.status, race.body.error.message]).toEqual([404, 'The race no-such-race does not exist']);
    });
  });

  describe('POST /v1/blogs/{id}/thumbnail_generate', () => {
    it('queues the thumbnail of a blog tied to a race: 202 without a body', async () => {
      const created = await http()
        .post('/v1/blogs')
        .set(member())
        .send({ name: 'サムネ', body_html: '<h2>サムネ</h2>', race_id: FIXTURES.horse.id });
      const res = await http().post(`/v1/blogs/${created.body.id}/thumbnail_generate`).set(member()).expect(202);
      expect(res.text).toBe('');
      expect((await take('thumbnailGeneration')).body).toEqual({ blog_id: created.body.id, race_id: FIXTURES.horse.id });
    });

    it('answers 404 for an unknown blog, 400 while generating, without a race or for a race that is gone', async () => {
      await http().post(`/v1/blogs/${new ObjectId().toHexString()}/thumbnail_generate`).set(member()).expect(404);
      const generating = await http().post('/v1/blogs/generate').set(member()).send({ race_id: FIXTURES.horse.id }).expect(202);
      await take('blogGeneration');
      const busy = await http().post(`/v1/blogs/${generating.body.id}/thumbnail_generate`).set(member());
      expect([busy.status, busy.body.error.code]).toEqual([400, 'BLOG_GENERATING']);
      const noRace = await http().post('/v1/blogs').set(member()).send({ name: 'n', body_html: '<p>x</p>' });
      const without = await http().post(`/v1/blogs/${noRace.body.id}/thumbnail_generate`).set(member());
      expect([without.status, without.body.error.code]).toEqual([400, 'NO_RACE']);
      const gone = await http().post('/v1/blogs').set(member()).send({ name: 'g', body_html: '<p>x</p>', race_id: 'gone-race' });
      expect((await http().post(`/v1/blogs/${gone.body.id}/thumbnail_generate`).set(member())).status).toBe(400);
    });
  });
});
