import { RACE_CONTENT_QUEUES } from '@platform/race-content-data';
import { startFakeOpenAi, waitFor } from '@platform/testing/harness';

import { type BlogWorkerKit, startBlogWorkerKit, tennoSho } from './blog-worker-kit';

describe('blog pipeline with an OpenAI-compatible provider (HTTP stand-in)', () => {
  let ai: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let kit: BlogWorkerKit;
  const answer = {
    summary: ['ハヤテノカゼが快勝', '2着はサクラブライト'],
    sections: [{ heading: 'レース回顧', paragraphs: ['ハヤテノカゼが直線で抜け出しました。'] }],
  };
  const settled = (blogId: string, what: string) =>
    waitFor(
      async () => {
        const blog = await kit.blog(blogId);
        return blog?.status === 'draft' ? blog : undefined;
      },
      { what },
    );
  const recap = (blogId: string) => ({
    blog_id: blogId,
    race_id: tennoSho.race_id,
    racing_type: 'horse_racing' as const,
    kind: 'recap' as const,
  });
  const userInput = (request: Record<string, unknown>) => JSON.parse((request.messages as Array<{ content: string }>)[1].content);

  beforeAll(async () => {
    ai = await startFakeOpenAi();
    kit = await startBlogWorkerKit({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'test-model',
      JOB_MAX_ATTEMPTS: '3',
      AI_TIMEOUT_MS: '400',
    });
    await kit.insertRace('horse_racing', tennoSho);
  });
  afterAll(async () => {
    await kit?.close();
    await ai?.close();
  });

  it('writes a recap from the model answer under the blog name as h2, having sent the model and the race', async () => {
    ai.answerWith(answer);
    const calls = ai.requests.length;
    const blogId = await kit.insertBlog({ name: '天皇賞（秋）回顧', race_id: tennoSho.race_id, race_type: 'horse_racing' });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, recap(blogId));
    const blog = await settled(blogId, 'the blog to be written');
    expect(blog.body_html).toBe(
      '<h2>天皇賞（秋）回顧</h2><section class="nb-summary"><h3>10秒でわかる要約</h3><ul><li>ハヤテノカゼが快勝</li><li>2着はサクラブライト</li></ul></section>' +
        '<h3>レース回顧</h3><p>ハヤテノカゼが直線で抜け出しました。</p>',
    );
    expect(blog.generation_error).toBeNull();
    expect(ai.requests.length - calls).toBe(1);
    const sent = ai.requests.at(-1)!;
    expect(sent).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    expect((sent.messages as Array<{ role: string; content: string }>)[0]).toMatchObject({ role: 'system' });
    const input = userInput(sent);
    expect(input.title).toBe('天皇賞（秋）回顧');
    expect(JSON.stringify(input.race)).toContain('天皇賞（秋）');
    expect(input.race.finishing_order.map((e: { name: string }) => e.name)).toEqual(['ハヤテノカゼ', 'サクラブライト', 'ミッドナイトラン']);
  });

  it('rewrites a past blog through blog-rewriter, sending its text and the race', async () => {
    const { insertedId } = await kit.db.collection('old_blogs').insertOne({
      name: '昨年の天皇賞',
      race_id: null,
      race_type: null,
      blog_type: null,
      category: 'コラム',
      source_url: null,
      published_at: null,
      body_html: '<h2>昨年の天皇賞</h2><p>府中の二千は枠順が鍵。</p>',
      embedding: null,
      created_at: 0,
      updated_at: 0,
      deleted_at: null,
    });
    ai.answerWith(answer);
    const blogId = await kit.insertBlog({ name: '天皇賞の枠順と結果', old_blog_id: insertedId.toHexString(), race_id: tennoSho.race_id });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogRewriter, {
      blog_id: blogId,
      old_blog_id: insertedId.toHexString(),
      race_id: tennoSho.race_id,
      racing_type: 'horse_racing',
    });
    const blog = await settled(blogId, 'the rewrite');
    expect(blog.body_html.startsWith('<h2>天皇賞の枠順と結果</h2><section class="nb-summary">')).toBe(true);
    expect(blog.body_html).toContain('<p>ハヤテノカゼが直線で抜け出しました。</p>');
    const input = userInput(ai.requests.at(-1)!);
    expect(input.source).toMatchObject({ name: '昨年の天皇賞', category: 'コラム' });
    expect(input.source.text).toContain('府中の二千は枠順が鍵。');
    expect(input.race).toMatchObject({ racing_type: 'horse_racing' });
    expect(JSON.stringify(input.race)).toContain('天皇賞（秋）');
  });

  it('retries after a 429 and then writes the answer', async () => {
    ai.answerWith(answer);
    ai.next.rateLimited();
    const calls = ai.requests.length;
    const blogId = await kit.insertBlog({ name: '429のあと', race_id: tennoSho.race_id, race_type: 'horse_racing' });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, recap(blogId));
    const blog = await settled(blogId, 'the blog after the 429');
    expect(ai.requests.length - calls).toBe(2);
    expect(blog.generation_error).toBeNull();
    expect(blog.body_html).toContain('<h2>429のあと</h2>');
    expect(blog.body_html).toContain('<p>ハヤテノカゼが直線で抜け出しました。</p>');
  });

  it('puts the blog back to draft with the error note when the model never answers within the timeout, on the last attempt', async () => {
    ai.answerWith(answer);
    ai.next.hang();
    ai.next.hang();
    ai.next.hang();
    const calls = ai.requests.length;
    const started = Date.now();
    const blogId = await kit.insertBlog({ name: '応答なし', race_id: tennoSho.race_id, race_type: 'horse_racing' });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.blogGeneration, recap(blogId));
    const blog = await settled(blogId, 'the blog to be released with a note');
    expect(ai.requests.length - calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 400);
    // The SDK words its own timeout "Request timed out." under plain node but "Connection error." under Jest (its
    // AbortError check does not recognise the test realm's error), so only the worker's part of the reason is pinned.
    expect(blog.generation_error).toMatch(/^Blog generation failed: AI provider request failed: /);
    expect(blog.body_html).toBe(
      `<h2>応答なし</h2><p class="nb-generation-error">自動生成に失敗しました（${blog.generation_error}）。本文を編集するか、もう一度生成してください。</p>`,
    );
    expect(blog.embedding).toBeNull();
  });
});
