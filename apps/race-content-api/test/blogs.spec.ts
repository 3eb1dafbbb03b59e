import { ObjectId } from 'mongodb';
import request from 'supertest';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

describe('blogs and categories (manual operations) against FerretDB', () => {
  let kit: RaceContentKit;
  const http = () => request(kit.server());
  const create = (body: Record<string, unknown>) => http().post('/v1/blogs').set(as('member')).send(body);
  const names = (res: request.Response) => res.body.list.map((b: { name: string }) => b.name);
  const fields = (res: request.Response) => res.body.error.details.map((d: { field: string }) => d.field);
  let categories: Record<string, string>;

  beforeAll(async () => {
    kit = await startRaceContentKit();
  });
  afterAll(() => kit?.close());

  describe('categories', () => {
    it('are seeded with the two categories blog generation links to, once', async () => {
      const res = await http().get('/v1/categories?order=asc').set(as('viewer')).expect(200);
      expect(res.body.total_count).toBe(2);
      expect(res.body.list.map((c: { name: string }) => c.name).sort()).toEqual(['レース予想・検証', 'レース結果・回顧'].sort());
      categories = Object.fromEntries(res.body.list.map((c: { id: string; name: string }) => [c.name, c.id]));
    });

    it('take new unique names (201), refuse a taken one (409) and a viewer (403)', async () => {
      const res = await http().post('/v1/categories').set(as('member')).send({ name: 'コラム' }).expect(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'コラム',
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
      });
      categories['コラム'] = res.body.id;
      const taken = await http().post('/v1/categories').set(as('member')).send({ name: 'レース結果・回顧' });
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe('NAME_TAKEN');
      expect((await http().post('/v1/categories').set(as('viewer')).send({ name: 'x' })).status).toBe(403);
      expect(fields(await http().post('/v1/categories').set(as('member')).send({ name: '' }).expect(422))).toEqual(['name']);
    });

    it('answer one 201 and one 409 to two concurrent creations of one name', async () => {
      const answers = await Promise.all([1, 2].map(() => http().post('/v1/categories').set(as('member')).send({ name: '同時' })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      categories['同時'] = answers.find((a) => a.status === 201)!.body.id;
    });
  });

  describe('POST /v1/blogs', () => {
    it('creates a draft with its category name, origin from old_blog_id, the body sanitized, no embedding shown', async () => {
      const res = await create({
        name: '天皇賞（秋）回顧',
        body_html: '<h2>天皇賞（秋）回顧</h2><p onmouseover="x()">ハヤテノカゼが快勝</p>',
        race_id: 'h-20261101-05-11',
        race_type: 'horse_racing',
        category_id: categories['レース結果・回顧'],
        blog_type: 'weekly-recap',
      }).expect(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: '天皇賞（秋）回顧',
        race_id: 'h-20261101-05-11',
        race_type: 'horse_racing',
        blog_type: 'weekly-recap',
        origin: 'generation',
        old_blog_id: null,
        source_url: null,
        category_id: categories['レース結果・回顧'],
        category: 'レース結果・回顧',
        body_html: '<h2>天皇賞（秋）回顧</h2><p>ハヤテノカゼが快勝</p>',
        status: 'draft',
        created_at: expect.any(Number),
        updated_at: res.body.created_at,
      });
      const stored = await kit.db.collection('blogs').findOne({ _id: new ObjectId(res.body.id) });
      expect(stored?.embedding).toHaveLength(256);
    });

    it('answers 400 for status generating and for a category_id of no category; 422 for bad fields', async () => {
      const generating = await create({ name: 'x', body_html: '<p>x</p>', status: 'generating' });
      expect(generating.status).toBe(400);
      expect(generating.body.error.code).toBe('STATUS_NOT_ALLOWED');
      const category = await create({ name: 'x', body_html: '<p>x</p>', category_id: new ObjectId().toHexString() });
      expect(category.status).toBe(400);
      expect(category.body.error.code).toBe('UNKNOWN_CATEGORY');
      expect(fields(await create({ body_html: '<p>x</p>' }).expect(422))).toEqual(['name']);
      expect(fields(await create({ name: 'x', body_html: '<p>x</p>', race_type: 'boat' }).expect(422))).toEqual(['race_type']);
      expect(fields(await create({ name: 'x', body_html: '<p>x</p>', source_url: 'https://x.jp' }).expect(422))).toEqual(['source_url']);
    });
  });

  describe('GET /v1/blogs', () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const blogs = [
        {
          name: 'G1 (秋).* 予想',
          race_id: 'r-1',
          race_type: 'horse_racing',
          category_id: categories['レース予想・検証'],
          blog_type: 'weekly',
        },
        {
          name: '競輪グランプリ回顧',
          race_id: 'r-2',
          race_type: 'bicycle_racing',
          old_blog_id: new ObjectId().toHexString(),
          status: 'published',
        },
        {
          name: 'オートレース コラム',
          race_type: 'auto_racing',
          category_id: categories['コラム'],
          blog_type: 'column',
          status: 'published',
        },
        { name: 'Deleted category', category_id: categories['同時'] },
      ];
      for (const blog of blogs) ids[blog.name] = (await create({ body_html: `<h2>${blog.name}</h2>`, ...blog }).expect(201)).body.id;
    });

    it('lists by updated_at with every filter of the spec', async () => {
      const all = await http().get('/v1/blogs?size=100').set(as('viewer')).expect(200);
      expect(all.body.total_count).toBe(5);
      expect(names(all)[0]).toBe('Deleted category');
      const q = async (query: string) => names(await http().get(`/v1/blogs?${query}`).set(as('viewer')).expect(200));
      expect(await q(`id=${ids['オートレース コラム']}`)).toEqual(['オートレース コラム']);
      expect(await q(`id=${ids['オートレース コラム'].toUpperCase()}`)).toEqual(['オートレース コラム']);
      expect(await q('id=not-an-id')).toEqual([]);
      expect(await q(`name=${encodeURIComponent('(秋).*')}`)).toEqual(['G1 (秋).* 予想']);
      expect(await q(`name=${encodeURIComponent('.*')}`)).toEqual(['G1 (秋).* 予想']);
      expect(await q('name=g1')).toEqual(['G1 (秋).* 予想']);
      expect(await q(`name=${encodeURIComponent('回顧')}&order=asc`)).toEqual(['天皇賞（秋）回顧', '競輪グランプリ回顧']);
      expect(await q('race_id=r-2')).toEqual(['競輪グランプリ回顧']);
      expect(await q('race_type=auto_racing')).toEqual(['オートレース コラム']);
      expect(await q('blog_type=weekly')).toEqual(['G1 (秋).* 予想']);
      expect(await q(`category_id=${categories['レース予想・検証']}`)).toEqual(['G1 (秋).* 予想']);
      expect(await q('origin=rewrite')).toEqual(['競輪グランプリ回顧']);
      expect((await q('origin=generation')).sort()).toEqual(
        names(all)
          .filter((n: string) => n !== '競輪グランプリ回顧')
          .sort(),
      );
      expect(await q('status=published&order=asc')).toEqual(['競輪グランプリ回顧', 'オートレース コラム']);
      expect(await q('status=generating')).toEqual([]);
      const rewrite = await http().get('/v1/blogs?origin=rewrite').set(as('viewer')).expect(200);
      expect(rewrite.body.list[0]).toMatchObject({ origin: 'rewrite', category: null });
    });

    it('pages in the database', async () => {
      const page = await http().get('/v1/blogs?size=2&page=3&order=asc').set(as('viewer')).expect(200);
      expect(page.body).toMatchObject({ current_page: 3, total_count: 5 });
      expect(page.body.list).toHaveLength(1);
    });

    it('answers 422 for unknown enum values, bad pages, unknown keys and operator-shaped values', async () => {
      for (const query of [
        'origin=copy',
        'status=failed',
        'race_type=boat',
        'size=1000',
        'foo=1',
        'name[$regex]=.*',
        'name=a&name=b',
        'id[$ne]=x',
      ]) {
        const res = await http().get(`/v1/blogs?${query}`).set(as('viewer'));
        expect(res.status).toBe(422);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('shows no category name for a deleted category', async () => {
      const blogId = ids['Deleted category'];
      const categoryId = (await http().get(`/v1/blogs/${blogId}`).set(as('viewer')).expect(200)).body.category_id;
      await kit.db
        .collection('categories')
        .updateOne({ _id: new ObjectId(categoryId) }, { $set: { deleted_at: Date.now() }, $unset: { live_name: '' } });
      const res = await http().get(`/v1/blogs/${blogId}`).set(as('viewer')).expect(200);
      expect(res.body).toMatchObject({ category_id: categoryId, category: null });
    });
  });

  describe('GET, PUT and DELETE /v1/blogs/{blog_id}', () => {
    let blogId: string;
    const embeddingOf = async (id: string) => (await kit.db.collection('blogs').findOne({ _id: new ObjectId(id) }))?.embedding;

    beforeAll(async () => {
      blogId = (
        await create({
          name: '旧題',
          body_html: '<h2 class="t">旧題</h2><p>本文</p>',
          category_id: categories['コラム'],
          blog_type: 'x',
        }).expect(201)
      ).body.id;
    });

    it('gets a blog; 404 for an unknown or malformed id', async () => {
      await http().get(`/v1/blogs/${blogId}`).set(as('viewer')).expect(200);
      await http().get(`/v1/blogs/${new ObjectId().toHexString()}`).set(as('viewer')).expect(404);
      await http().get('/v1/blogs/not-an-id').set(as('viewer')).expect(404);
    });

    it('rewrites the h2 of the body when the name changes, and re-embeds', async () => {
      const before = await embeddingOf(blogId);
      const res = await http().put(`/v1/blogs/${blogId}`).set(as('member')).send({ name: '新題 & 改題' }).expect(200);
      expect(res.body).toMatchObject({ name: '新題 & 改題', body_html: '<h2 class="t">新題 &amp; 改題</h2><p>本文</p>', blog_type: 'x' });
      expect(await embeddingOf(blogId)).not.toEqual(before);
    });

    it('keeps the sent body when name and body_html come together', async () => {
      const res = await http()
        .put(`/v1/blogs/${blogId}`)
        .set(as('member'))
        .send({ name: '三つ目', body_html: '<h2>別の見出し</h2><p>新しい本文</p><script>x</script>' })
        .expect(200);
      expect(res.body).toMatchObject({ name: '三つ目', body_html: '<h2>別の見出し</h2><p>新しい本文</p>' });
    });

    it('changes category, status (generating included) and clears fields sent as null', async () => {
      const res = await http()
        .put(`/v1/blogs/${blogId}`)
        .set(as('member'))
        .send({ category_id: categories['レース結果・回顧'], status: 'generating', blog_type: null })
        .expect(200);
      expect(res.body).toMatchObject({ category: 'レース結果・回顧', status: 'generating', blog_type: null, name: '三つ目' });
      const cleared = await http()
        .put(`/v1/blogs/${blogId}`)
        .set(as('member'))
        .send({ category_id: null, status: 'published' })
        .expect(200);
      expect(cleared.body).toMatchObject({ category_id: null, category: null, status: 'published' });
    });

    it('answers 400 for a category_id of no category, 404 for no blog, 422 for bad fields', async () => {
      const res = await http().put(`/v1/blogs/${blogId}`).set(as('member')).send({ category_id: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('UNKNOWN_CATEGORY');
      await http().put(`/v1/blogs/${new ObjectId().toHexString()}`).set(as('member')).send({ name: 'x' }).expect(404);
      expect(fields(await http().put(`/v1/blogs/${blogId}`).set(as('member')).send({ status: 'failed' }).expect(422))).toEqual(['status']);
      expect(fields(await http().put(`/v1/blogs/${blogId}`).set(as('member')).send({ name: null }).expect(422))).toEqual(['name']);
    });

    it('soft-deletes (204); gone from reads, lists and a second delete', async () => {
      await http().delete(`/v1/blogs/${blogId}`).set(as('member')).expect(204);
      await http().get(`/v1/blogs/${blogId}`).set(as('viewer')).expect(404);
      await http().delete(`/v1/blogs/${blogId}`).set(as('member')).expect(404);
      expect((await http().get(`/v1/blogs?id=${blogId}`).set(as('viewer')).expect(200)).body.total_count).toBe(0);
    });
  });

  describe('POST /v1/blogs/generate (its own route; generation itself: blog-generation.spec.ts)', () => {
    it('is its own route: validates the body (422), 404 names the race, never a blog id', async () => {
      expect(fields(await http().post('/v1/blogs/generate').set(as('member')).send({ kind: 'summary' }).expect(422))).toEqual(
        expect.arrayContaining(['race_id', 'kind']),
      );
      const res = await http().post('/v1/blogs/generate').set(as('member')).send({ race_id: 'r-1', kind: 'prediction' });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('The race does not exist');
      expect((await http().post('/v1/blogs/generate').set(as('viewer')).send({ race_id: 'r-1' })).status).toBe(403);
      expect((await http().post('/v1/blogs/generate?x=1').set(as('member')).send({ race_id: 'r-1' })).status).toBe(422);
    });
  });
});
