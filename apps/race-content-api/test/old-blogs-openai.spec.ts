import { ObjectId } from 'mongodb';
import request from 'supertest';
import { startFakeEmbeddings } from './fake-embeddings';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

describe('past blog embeddings through an OpenAI-compatible embeddings API (HTTP stand-in)', () => {
  let ai: Awaited<ReturnType<typeof startFakeEmbeddings>>;
  let kit: RaceContentKit;
  const http = () => request(kit.server());
  const vectorOf = async (id: string) => (await kit.db.collection('old_blogs').findOne({ _id: new ObjectId(id) }))?.embedding;

  beforeAll(async () => {
    ai = await startFakeEmbeddings();
    kit = await startRaceContentKit({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: 'test-key',
      AI_EMBEDDING_MODEL: 'test-embedding',
    });
  });
  afterAll(async () => {
    await kit?.close();
    await ai?.close();
  });

  it('embeds category, title and body text without tags, and stores the vector', async () => {
    ai.answerWith([0.25, -0.5, 0.75]);
    const res = await http()
      .post('/v1/old_blogs')
      .set(as('member'))
      .send({ name: '有馬記念 回顧', body_html: '<h2>結果</h2><p>ドウデュースが<strong>優勝</strong></p>', category: 'レース結果・回顧' })
      .expect(201);
    expect(ai.requests.at(-1)).toEqual({
      model: 'test-embedding',
      input: 'レース結果・回顧\n有馬記念 回顧\n結果\nドウデュースが優勝',
      encoding_format: 'float',
    });
    expect(await vectorOf(res.body.id)).toEqual([0.25, -0.5, 0.75]);
    expect(res.body).not.toHaveProperty('embedding');
  });

  it('registers without a vector when the provider fails', async () => {
    ai.failWith(500);
    const res = await http().post('/v1/old_blogs').set(as('member')).send({ name: '失敗', body_html: '<p>x</p>' }).expect(201);
    expect(await vectorOf(res.body.id)).toBeNull();
  });

  it('keeps the old vector when re-embedding a changed category fails, and takes the new one when it works', async () => {
    ai.answerWith([1, 0, 0]);
    const created = await http()
      .post('/v1/old_blogs')
      .set(as('member'))
      .send({ name: '振り返り', body_html: '<p>x</p>', category: 'A' })
      .expect(201);
    ai.failWith(503);
    const calls = ai.requests.length;
    const failed = await http().put(`/v1/old_blogs/${created.body.id}`).set(as('member')).send({ category: 'B' }).expect(200);
    expect(failed.body.category).toBe('B');
    expect(ai.requests.length).toBe(calls + 1);
    expect(await vectorOf(created.body.id)).toEqual([1, 0, 0]);
    ai.answerWith([0, 1, 0]);
    await http().put(`/v1/old_blogs/${created.body.id}`).set(as('member')).send({ category: 'C' }).expect(200);
    expect(ai.requests.at(-1)?.input).toBe('C\n振り返り\nx');
    expect(await vectorOf(created.body.id)).toEqual([0, 1, 0]);
    const unchanged = ai.requests.length;
    await http().put(`/v1/old_blogs/${created.body.id}`).set(as('member')).send({ category: 'C' }).expect(200);
    expect(ai.requests.length).toBe(unchanged);
  });
});
