import { connect } from 'amqplib';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { RACE_CONTENT_QUEUES } from '@platform/race-content-data';
import { startTcpGate, step, testServices } from '@platform/testing/harness';
import { topologyOf } from '@platform/messaging';
import { createRaces, FIXTURES, fixtureBytes, fixtureJson } from './fixtures';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

describe('article generation routes: stored as generating, job queued with a confirm', () => {
  let kit: RaceContentKit;
  let amqp: Awaited<ReturnType<typeof connect>>;
  let channel: Awaited<ReturnType<Awaited<ReturnType<typeof connect>>['createChannel']>>;
  const http = () => request(kit.server());
  const queueName = () => topologyOf(RACE_CONTENT_QUEUES.articleGeneration, kit.config.messaging.queuePrefix).main;
  const takeJob = async () => {
    const message = await channel.get(queueName(), { noAck: true });
    if (!message) throw new Error('no job queued');
    return { body: JSON.parse(message.content.toString('utf8')), properties: message.properties };
  };
  const generate = (body: Record<string, unknown>) => http().post('/v1/articles/generation').set(as('member')).send(body);
  const article = (id: string) => kit.db.collection('articles').findOne({ _id: new ObjectId(id) });
  const fail = (id: string, reason = 'provider down') =>
    kit.db.collection('articles').updateOne({ _id: new ObjectId(id) }, { $set: { status: 'failed', generation_error: reason } });

  beforeAll(async () => {
    kit = await startRaceContentKit();
    await createRaces(kit.server(), [FIXTURES.horse, FIXTURES.horseVoid]);
    amqp = await connect(testServices.amqpUrl);
    channel = await amqp.createChannel();
  });
  afterAll(async () => {
    await amqp?.close();
    await kit?.close();
  });

  describe('POST /v1/articles/generation', () => {
    it('creates the article as generating with an empty body and queues a persistent job with the race result', async () => {
      const res = await generate({ race_id: FIXTURES.horse.id, title: '天皇賞（秋）結果', opening_at: 1_790_000_000_000 }).expect(202);
      expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });
      const stored = await article(res.body.id);
      expect(stored).toMatchObject({
        status: 'generating',
        body_html: '',
        title: '天皇賞（秋）結果',
        generation_error: null,
        closing_at: null,
      });
      const job = await takeJob();
      expect(job.body).toEqual({
        article_id: res.body.id,
        race_id: FIXTURES.horse.id,
        racing_type: 'horse_racing',
        title: '天皇賞（秋）結果',
        race_result: fixtureJson(FIXTURES.horse),
        generation_id: stored!.generation_id,
      });
      expect(job.properties).toMatchObject({ messageId: stored!.generation_id, deliveryMode: 2, headers: { 'x-attempt': 1 } });
      const shown = await http().get(`/v1/articles/${res.body.id}`).set(as('viewer')).expect(200);
      expect(shown.body).toMatchObject({ status: 'generating', body_html: '' });
    });

    it('answers 400 for a race in no collection and 422 for a race without a finishing order, creating nothing', async () => {
      const before = await kit.db.collection('articles').countDocuments();
      const unknown = await generate({ race_id: 'no-such-race', title: 't', opening_at: 0 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('UNKNOWN_RACE');
      const voidRace = await generate({ race_id: FIXTURES.horseVoid.id, title: 't', opening_at: 0 });
      expect(voidRace.status).toBe(422);
      expect(voidRace.body.error.code).toBe('NO_FINISHING_ORDER');
      expect(await kit.db.collection('articles').countDocuments()).toBe(before);
    });

    it('answers 422 naming the fields of an invalid body, 403 to a viewer', async () => {
      const res = await generate({ title: '', opening_at: 'soon', extra: 1 }).expect(422);
      expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['extra', 'opening_at', 'race_id', 'title']);
      await http()
        .post('/v1/articles/generation')
        .set(as('viewer'))
        .send({ race_id: FIXTURES.horse.id, title: 't', opening_at: 0 })
        .expect(403);
    });
  });

  describe('POST /v1/articles/{id}/regeneration', () => {
    let id: string;

    beforeAll(async () => {
      id = (await generate({ race_id: FIXTURES.horse.id, title: '再生成', opening_at: 0 }).expect(202)).body.id;
      await takeJob();
    });

    it('answers 404 for an unknown article and 409 unless it is failed', async () => {
      expect((await http().post(`/v1/articles/${new ObjectId().toHexString()}/regeneration`).set(as('member')).send({})).status).toBe(404);
      const busy = await http().post(`/v1/articles/${id}/regeneration`).set(as('member')).send({});
      expect(busy.status).toBe(409);
      expect(busy.body.error.code).toBe('INVALID_STATE');
    });

    it('resets a failed article to generating, clears the error, stores the prompt and queues it with the prompt', async () => {
      await fail(id);
      await http().post(`/v1/articles/${id}/regeneration`).set(as('member')).send({ custom_prompt: '短くまとめて' }).expect(202, { id });
      const stored = await article(id);
      expect(stored).toMatchObject({ status: 'generating', generation_error: null, custom_prompt: '短くまとめて' });
      const job = await takeJob();
      expect(job.body).toMatchObject({ article_id: id, custom_prompt: '短くまとめて', generation_id: stored!.generation_id });
    });

    it('reuses the previous prompt when custom_prompt is omitted, empty, or the body is absent', async () => {
      for (const send of [{}, { custom_prompt: '' }, undefined]) {
        await fail(id);
        const call = http().post(`/v1/articles/${id}/regeneration`).set(as('member'));
        await (send === undefined ? call : call.send(send)).expect(202);
        expect(await article(id)).toMatchObject({ status: 'generating', custom_prompt: '短くまとめて' });
        expect((await takeJob()).body.custom_prompt).toBe('短くまとめて');
      }
    });

    it('answers 400 when the race is gone and 422 when it has no finishing order', async () => {
      const now = Date.now();
      const orphan = new ObjectId();
      const ofVoid = new ObjectId();
      const failed = (raceId: string, _id: ObjectId) => ({
        _id,
        race_id: raceId,
        title: 't',
        body_html: '',
        status: 'failed',
        opening_at: now,
        closing_at: null,
        accuracy_test_data_json: null,
        generation_error: 'x',
        custom_prompt: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      await kit.db.collection('articles').insertMany([failed('gone-race', orphan), failed(FIXTURES.horseVoid.id, ofVoid)]);
      const gone = await http().post(`/v1/articles/${orphan.toHexString()}/regeneration`).set(as('member')).send({});
      expect([gone.status, gone.body.error.code]).toEqual([400, 'UNKNOWN_RACE']);
      const voidRace = await http().post(`/v1/articles/${ofVoid.toHexString()}/regeneration`).set(as('member')).send({});
      expect([voidRace.status, voidRace.body.error.code]).toEqual([422, 'NO_FINISHING_ORDER']);
      expect(await article(orphan.toHexString())).toMatchObject({ status: 'failed' });
    });
  });

  describe('when the broker does not take the job', () => {
    // Each await is a labelled step: should the test time out, its failure names the one still pending.
    it('answers 503 and leaves the article failed with the reason, never generating', async () => {
      const gate = await step('the broker gate starts', startTcpGate(Number(new URL(testServices.amqpUrl).port || 5672)));
      const url = new URL(testServices.amqpUrl);
      url.port = String(gate.port);
      const cut = await step('the app behind the gate starts', startRaceContentKit({ AMQP_URL: url.toString() }));
      try {
        await step(
          'the race upload',
          request(cut.server())
            .post('/v1/races')
            .set(as('member'))
            .field('type', 'horse_racing')
            .attach('file', fixtureBytes(FIXTURES.horse), FIXTURES.horse.file)
            .expect(201),
        );
        await step('the broker is cut', gate.close());
        const res = await step(
          'the generation request',
          request(cut.server())
            .post('/v1/articles/generation')
            .set(as('member'))
            .send({ race_id: FIXTURES.horse.id, title: 't', opening_at: 0 }),
        );
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe('QUEUE_UNAVAILABLE');
        const stored = await cut.db.collection('articles').find().toArray();
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({
          status: 'failed',
          generation_error: expect.stringMatching(/^Not queued: The job queue is unavailable/),
        });
        const listed = await request(cut.server()).get('/v1/articles?status=failed').set(as('viewer')).expect(200);
        expect(listed.body.total_count).toBe(1);
      } finally {
        // It once never ended here: the app's shutdown waited for a channel close that the cut connection never confirmed.
        await step('the app behind the gate closes', cut.close());
      }
    });
  });
});
