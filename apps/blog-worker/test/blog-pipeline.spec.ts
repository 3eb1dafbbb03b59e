import sharp from 'sharp';
import { localEmbedding } from '@platform/ai';
import { AmqpConnection } from '@platform/messaging';
import { embeddingTextOf, RACE_CONTENT_QUEUES } from '@platform/race-content-data';
import { waitFor } from '@platform/testing/harness';
import { StuckBlogsSweeper } from '../src/blogs/stuck-blogs.sweeper';
import { type BlogWorkerKit, startBlogWorkerKit, tennoSho, tennoShoPrediction } from './blog-worker-kit';

describe('blog pipeline: blog-generation, blog-rewriter and thumbnail-generation consumed by the blog worker', () => {
  let kit: BlogWorkerKit;
  const drafted = (blogId: string, what = 'the blog to be written') =>
    waitFor(
      async () => {
        const blog = await kit.blog(blogId);
        return blog?.status === 'draft' ? blog : undefined;
      },
      { what },
    );

  beforeAll(async () => {
    kit = await startBlogWorkerKit();
    await kit.insertRace('horse_racing', tennoSho, tennoShoPrediction);
    await kit.db.collection('ng_words').insertOne({ name: 'ミッドナイトラン', created_at: 0, updated_at: 0, deleted_at: null });
  });
  afterAll(() => kit?.close());

  it('writes a recap under its name as h2 with the 10-second summary, NG words masked and recorded, embedded, draft', async () => {
    const blogId = await kit.insertBlog({
      name: '天皇賞（秋）回顧',
      race_id: tennoSho.race_id,
      race_type: 'horse_racing',
      generation_id: 'g1',
    });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, {
      blog_id: blogId,
      race_id: tennoSho.race_id,
      racing_type: 'horse_racing',
      kind: 'recap',
      generation_id: 'g1',
    });
    const blog = await drafted(blogId);
    expect(blog.body_html.startsWith('<h2>天皇賞（秋）回顧</h2><section class="nb-summary"><h3>10秒でわかる要約</h3><ul><li>')).toBe(true);
    expect(blog.body_html).toContain('ハヤテノカゼが1着でゴールしました。');
    expect(blog.body_html).toContain('<h3>レース結果</h3><p>1着 ハヤテノカゼ（7番） タイム 1:56.8 単勝 3.4倍（1番人気）</p>');
    expect(blog.body_html).not.toContain('ミッドナイトラン');
    expect(blog.ng_word_hits).toEqual(['ミッドナイトラン']);
    expect(blog.generation_error).toBeNull();
    expect(blog.embedding).toEqual(localEmbedding(embeddingTextOf({ category: null, name: blog.name, bodyHtml: blog.body_html })));
  });

  it('changes nothing when a job is delivered again or a job of another generation arrives', async () => {
    const blogId = await kit.insertBlog({ name: '再配達', race_id: tennoSho.race_id, race_type: 'horse_racing', generation_id: 'g2' });
    const message = {
      blog_id: blogId,
      race_id: tennoSho.race_id,
      racing_type: 'horse_racing' as const,
      kind: 'recap' as const,
      generation_id: 'g2',
    };
    const jobId = await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, message);
    const first = await drafted(blogId);
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, message, jobId);
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, { ...message, kind: 'prediction', generation_id: 'other' });
    const probe = await kit.worker.get(AmqpConnection).currentModel()!.createChannel();
    await waitFor(
      async () => ((await probe.checkQueue(kit.queues(RACE_CONTENT_QUEUES.blogGeneration).main)).messageCount === 0 ? true : undefined),
      {
        what: 'the queue to drain',
      },
    );
    await probe.close();
    expect(await kit.blog(blogId)).toEqual(first);
  });

  it('puts the blog of a poison message back to draft with a note at once', async () => {
    const blogId = await kit.insertBlog({ name: '壊れたジョブ' });
    const probe = await kit.worker.get(AmqpConnection).currentModel()!.createChannel();
    probe.sendToQueue(kit.queues(RACE_CONTENT_QUEUES.blogRewriter).main, Buffer.from(JSON.stringify({ blog_id: blogId })), {
      persistent: true,
    });
    const blog = await drafted(blogId);
    expect(blog.generation_error).toMatch(/^Blog rewrite failed: malformed job \(old_blog_id/);
    await waitFor(
      async () => ((await probe.checkQueue(kit.queues(RACE_CONTENT_QUEUES.blogRewriter).dead)).messageCount === 1 ? true : undefined),
      {
        what: 'the poison message in the DLQ',
      },
    );
    await probe.close();
  });

  it('writes a prediction from the marks', async () => {
    const blogId = await kit.insertBlog({ name: '天皇賞（秋）予想', race_id: tennoSho.race_id });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, {
      blog_id: blogId,
      race_id: tennoSho.race_id,
      racing_type: 'horse_racing',
      kind: 'prediction',
    });
    const blog = await drafted(blogId);
    expect(blog.body_html).toContain('<li>本命◎はハヤテノカゼ。</li>');
    expect(blog.body_html).toContain('<p>◎ ハヤテノカゼ（7番） 勝率29% 前走の末脚が鋭い</p>');
  });

  describe('rewrites', () => {
    let oldBlogId: string;

    beforeAll(async () => {
      const { insertedId } = await kit.db.collection('old_blogs').insertOne({
        name: '昨年の天皇賞',
        race_id: null,
        race_type: null,
        blog_type: null,
        category: 'コラム',
        source_url: null,
        published_at: null,
        body_html: '<h2>昨年の天皇賞</h2><p>府中の二千は枠順が鍵。</p><p>内枠の先行馬が有利でした。</p>',
        embedding: [1, 0, 0],
        created_at: 0,
        updated_at: 0,
        deleted_at: null,
      });
      oldBlogId = insertedId.toHexString();
    });

    it('without a race keeps every line of the past blog and adds no race analysis', async () => {
      const blogId = await kit.insertBlog({ name: '天皇賞の枠順', old_blog_id: oldBlogId, embedding: [1, 0, 0] });
      await kit.publisher.publish(RACE_CONTENT_QUEUES.blogRewriter, {
        blog_id: blogId,
        old_blog_id: oldBlogId,
        race_id: null,
        racing_type: null,
      });
      const blog = await drafted(blogId);
      expect(blog.body_html).toContain('<h2>天皇賞の枠順</h2>');
      expect(blog.body_html).toContain('<p>府中の二千は枠順が鍵。</p><p>内枠の先行馬が有利でした。</p>');
      expect(blog.body_html).not.toContain('レース結果の分析');
      expect(blog.embedding).toHaveLength(256);
    });

    it('with a race adds the analysis of its result', async () => {
      const blogId = await kit.insertBlog({ name: '天皇賞の枠順と結果', old_blog_id: oldBlogId, race_id: tennoSho.race_id });
      await kit.publisher.publish(RACE_CONTENT_QUEUES.blogRewriter, {
        blog_id: blogId,
        old_blog_id: oldBlogId,
        race_id: tennoSho.race_id,
        racing_type: 'horse_racing',
      });
      const blog = await drafted(blogId);
      expect(blog.body_html).toContain('<p>府中の二千は枠順が鍵。</p>');
      expect(blog.body_html).toContain('<h3>レース結果の分析</h3>');
      expect(blog.body_html).toContain('2着 サクラブライト（11番） 着差 1 1/4');
    });
  });

  it('puts a blog whose job cannot succeed back to draft with the reason noted, and dead-letters the job', async () => {
    const blogId = await kit.insertBlog({ name: '消えたレース', race_id: 'gone-race' });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, {
      blog_id: blogId,
      race_id: 'gone-race',
      racing_type: 'horse_racing',
      kind: 'recap',
    });
    const blog = await drafted(blogId);
    expect(blog.generation_error).toBe('Blog generation failed: race gone-race does not exist');
    expect(blog.body_html).toBe(
      '<h2>消えたレース</h2><p class="nb-generation-error">自動生成に失敗しました（Blog generation failed: race gone-race does not exist）。本文を編集するか、もう一度生成してください。</p>',
    );
  });

  it('draws a race card thumbnail into S3 as a media with the race, right below the summary; again replaces it', async () => {
    const body = '<h2>天皇賞</h2><section class="nb-summary"><h3>10秒でわかる要約</h3><ul><li>a</li></ul></section><h3>結果</h3><p>b</p>';
    const blogId = await kit.insertBlog({ name: '天皇賞', race_id: tennoSho.race_id, status: 'draft', body_html: body });
    const thumbnailed = async (count: number) =>
      waitFor(
        async () => {
          const media = await kit.db.collection('medias').find({ race_id: tennoSho.race_id }).toArray();
          const blog = await kit.blog(blogId);
          return media.length === 1 && blog!.body_html.includes('nb-thumbnail') && media[0].updated_at >= count
            ? { media: media[0], blog: blog! }
            : undefined;
        },
        { what: 'the thumbnail' },
      );
    await kit.publisher.publish(RACE_CONTENT_QUEUES.thumbnailGeneration, { blog_id: blogId, race_id: tennoSho.race_id });
    const first = await thumbnailed(0);
    expect(first.media).toMatchObject({
      name: `thumbnail-${blogId}.png`,
      mime_type: 'image',
      content_type: 'image/png',
      race_id: tennoSho.race_id,
    });
    const png = await kit.storage.get(first.media.key);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(png.length).toBe(first.media.size);
    const base = `${kit.config.thumbnails.publicBaseUrl}/medias/thumbnail-${blogId}.png?v=`;
    expect(first.blog.body_html).toMatch(
      new RegExp(`</section><img class="nb-thumbnail" src="${base.replace(/[.?]/g, '\\$&')}\\d+" alt="2026-11-01_race" /><h3>結果</h3>`),
    );
    expect(first.blog.thumbnail_media_id).toBe(first.media._id.toHexString());

    await kit.publisher.publish(RACE_CONTENT_QUEUES.thumbnailGeneration, { blog_id: blogId, race_id: tennoSho.race_id });
    const second = await waitFor(
      async () => {
        const blog = await kit.blog(blogId);
        return blog && blog.updated_at > first.blog.updated_at ? blog : undefined;
      },
      { what: 'the second thumbnail' },
    );
    expect(second.body_html.match(/nb-thumbnail/g)).toHaveLength(1);
    expect(await kit.db.collection('medias').countDocuments({ race_id: tennoSho.race_id })).toBe(1);
    expect(await kit.db.collection('media_names').countDocuments()).toBe(1);
  });

  it('sweeps blogs stuck in generating back to draft with a note', async () => {
    const stuck = await kit.insertBlog({ name: '止まった', updated_at: Date.now() - 16 * 60_000 });
    const recent = await kit.insertBlog({ name: '進行中' });
    expect(await kit.worker.get(StuckBlogsSweeper).sweep()).toBe(1);
    expect(await kit.blog(stuck)).toMatchObject({ status: 'draft', generation_error: 'Blog generation did not finish within 15 min' });
    expect((await kit.blog(stuck))!.body_html).toContain('nb-generation-error');
    expect(await kit.blog(recent)).toMatchObject({ status: 'generating' });
  });

  it('releases each stuck blog once when two replicas sweep at the same moment', async () => {
    const stuck = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => kit.insertBlog({ name: `同時 ${n}`, updated_at: Date.now() - 16 * 60_000 })),
    );
    const sweeper = kit.worker.get(StuckBlogsSweeper);
    const released = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(released[0] + released[1]).toBe(stuck.length);
    for (const id of stuck) {
      const blog = (await kit.blog(id))!;
      expect(blog.status).toBe('draft');
      expect(blog.body_html.match(/nb-generation-error/g)).toHaveLength(1);
    }
  });
});
