import { ObjectId } from 'mongodb';
import request from 'supertest';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

describe('POST /v1/blogs/{id}/related_generate: the two closest blogs as 関連情報', () => {
  let kit: RaceContentKit;
  const http = () => request(kit.server());
  const relate = (id: string) => http().post(`/v1/blogs/${id}/related_generate`).set(as('member'));
  const insert = async (name: string, embedding: number[] | null, fields: Record<string, unknown> = {}) => {
    const _id = new ObjectId();
    names[name] = _id.toHexString();
    const now = Date.now();
    await kit.db.collection('blogs').insertOne({
      _id,
      name,
      race_id: null,
      race_type: null,
      blog_type: null,
      old_blog_id: null,
      source_url: null,
      category_id: null,
      body_html: `<h2>${name}</h2><p>本文</p>`,
      status: 'draft',
      embedding,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      ...fields,
    });
    return _id.toHexString();
  };
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};
  const section = (...shown: string[]) =>
    `<section class="nb-related"><h3>関連情報</h3><ul>${shown.map((n) => `<li><a href="/blogs/${names[n]}">${n}</a></li>`).join('')}</ul></section>`;

  beforeAll(async () => {
    kit = await startRaceContentKit({ RELATED_INDEX_MAX_STALENESS_MS: '0' });
    ids.target = await insert('天皇賞の回顧', [1, 0, 0], { old_blog_id: 'ob-1' });
    ids.sameText = await insert('ほぼ同じ文', [0.9, 0.1, 0]);
    ids.close = await insert('近いブログ', [0.8, 0.6, 0]);
    ids.middle = await insert('中くらい', [0.7, 0.7, 0]);
    ids.far = await insert('遠いブログ', [0.6, 0.8, 0]);
    ids.sameSource = await insert('同じ過去ブログから', [0.95, 0.3, 0], { old_blog_id: 'ob-1' });
    ids.sameTitle = await insert('天皇賞の回顧', [0.85, 0.5, 0]);
    ids.generating = await insert('生成中', [0.9, 0.4, 0], { status: 'generating' });
    ids.deleted = await insert('削除済み', [0.9, 0.35, 0], { deleted_at: Date.now() });
    ids.noVector = await insert('ベクトルなし', null);
    ids.otherModel = await insert('別の次元', [1, 0]);
  });
  afterAll(() => kit?.close());

  it('appends the two closest that qualify, skipping the same past blog, the same title, 0.99 or more, generating and deleted', async () => {
    const res = await relate(ids.target).expect(200);
    expect(res.body).toMatchObject({ id: ids.target, status: 'draft' });
    expect(res.body.body_html).toBe(`<h2>天皇賞の回顧</h2><p>本文</p>${section('近いブログ', '中くらい')}`);
  });

  it('replaces the earlier section instead of stacking, and judges candidates on their current state', async () => {
    await kit.db
      .collection('blogs')
      .updateOne({ _id: new ObjectId(ids.close) }, { $set: { status: 'generating', updated_at: Date.now() } });
    const res = await relate(ids.target).expect(200);
    expect(res.body.body_html).toBe(`<h2>天皇賞の回顧</h2><p>本文</p>${section('中くらい', '遠いブログ')}`);
    await kit.db.collection('blogs').updateOne({ _id: new ObjectId(ids.close) }, { $set: { status: 'published', updated_at: Date.now() } });
    const again = await relate(ids.target).expect(200);
    expect(again.body.body_html.match(/関連情報/g)).toHaveLength(1);
    expect(again.body.body_html).toContain(section('近いブログ', '中くらい'));
  });

  it('finds a blog added since the index was loaded', async () => {
    ids.newest = await insert('新着', [0.85, 0.52, 0]);
    const res = await relate(ids.target).expect(200);
    expect(res.body.body_html).toContain(section('新着', '近いブログ'));
  });

  it('answers 400 while generating, without an embedding or without candidates, and 404 for an unknown blog', async () => {
    const cases: Array<[string, string]> = [
      [ids.generating, 'BLOG_GENERATING'],
      [ids.noVector, 'NO_EMBEDDING'],
      [ids.otherModel, 'NO_RELATED_CANDIDATES'],
    ];
    for (const [id, code] of cases) {
      const res = await relate(id);
      expect([res.status, res.body.error.code]).toEqual([400, code]);
    }
    await relate(new ObjectId().toHexString()).expect(404);
    await relate(ids.deleted).expect(404);
    await http().post(`/v1/blogs/${ids.target}/related_generate`).set(as('viewer')).expect(403);
  });
});
