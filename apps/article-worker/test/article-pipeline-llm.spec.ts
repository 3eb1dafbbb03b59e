import { RACE_CONTENT_QUEUES } from '@platform/race-content-data';
import { expectMetricsEndpoint, histogramCount, scrapeMetrics, startFakeOpenAi, waitFor } from '@platform/testing/harness';
import request from 'supertest';
import { queueProbe } from './amqp-probe';

import { horseRaceResult, startWorkerKit, type WorkerKit } from './worker-test-kit';

describe('article pipeline with an OpenAI-compatible provider (HTTP mock)', () => {
  let ai: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let kit: WorkerKit;
  let queues: Awaited<ReturnType<typeof queueProbe>>;

  beforeAll(async () => {
    ai = await startFakeOpenAi();
    kit = await startWorkerKit({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'test-model',
      JOB_MAX_ATTEMPTS: '3',
      AI_TIMEOUT_MS: '400',
    });
    queues = await queueProbe();
  });
  afterAll(async () => {
    await queues?.close();
    await kit?.close();
    await ai?.close();
  });

  const job = (articleId: string, customPrompt?: string) => ({
    article_id: articleId,
    race_id: horseRaceResult.race_id,
    racing_type: 'horse_racing' as const,
    title: 'Result',
    race_result: horseRaceResult,
    ...(customPrompt ? { custom_prompt: customPrompt } : {}),
  });

  it('asks the model for JSON with the finishing order and instructions, and builds its answer', async () => {
    ai.answerWith({ lead: 'ハヤテが勝利', sections: [{ heading: '結果', paragraphs: ['1着 ハヤテ'] }] });
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id);
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId, '短くまとめて'));
    const done = await waitFor(
      async () => {
        const article = await kit.article(articleId);
        return article?.status === 'draft' ? article : undefined;
      },
      // Three provider calls, two retries through the broker's retry queue: well under a second alone, but a CI
      // run shares two cores with a dozen other suites writing to the same broker and store.
      { what: 'the article to be built', timeoutMs: 25_000 },
    );
    expect(done.body_html).toBe('<p class="lead">ハヤテが勝利</p><h2>結果</h2><p>1着 ハヤテ</p>');
    const sent = ai.requests.at(-1)!;
    expect(sent).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    const input = JSON.parse((sent.messages as Array<{ content: string }>)[1].content);
    expect(input.finishing_order.map((e: { name: string }) => e.name)).toEqual(['ハヤテ', 'サクラ']);
    expect(input.additional_instructions).toBe('短くまとめて');
  });

  const drafted = (articleId: string) =>
    waitFor(
      async () => {
        const article = await kit.article(articleId);
        return article?.status === 'draft' ? article : undefined;
      },
      { what: 'the article to be built' },
    );

  it('retries after a 429 and after a request that timed out, then builds the answer', async () => {
    const answer = { lead: 'ハヤテが勝利', sections: [{ heading: '結果', paragraphs: ['1着 ハヤテ', '2着 サクラ'] }] };
    ai.answerWith(answer);
    ai.next.rateLimited();
    ai.next.hang();
    const calls = ai.requests.length;
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id);
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId));
    const done = await drafted(articleId);
    expect(ai.requests.length - calls).toBe(3);
    expect(done.body_html).toBe('<p class="lead">ハヤテが勝利</p><h2>結果</h2><p>1着 ハヤテ</p><p>2着 サクラ</p>');
    expect(JSON.parse(done.accuracy_test_data_json)).toEqual({
      checked_at: expect.any(Number),
      expected: [
        { rank: 1, name: 'ハヤテ' },
        { rank: 2, name: 'サクラ' },
      ],
      found: [
        { rank: 1, name: 'ハヤテ' },
        { rank: 2, name: 'サクラ' },
      ],
      ok: true,
    });
  });

  it('measures each call to the AI provider by outcome, and serves its metrics on its own port', async () => {
    const labels = { gen_ai_operation_name: 'chat', gen_ai_request_model: 'test-model' };
    const before = await scrapeMetrics(kit.worker);
    ai.answerWith({ lead: 'ハヤテが勝利', sections: [{ heading: '結果', paragraphs: ['1着 ハヤテ', '2着 サクラ'] }] });
    ai.next.rateLimited();
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id);
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId));
    await drafted(articleId);
    const after = await expectMetricsEndpoint(kit.worker, {
      service: 'article-worker',
      request: () => request(kit.worker.getHttpServer()).get('/openapi.json').expect(200),
      method: 'GET',
      route: '/openapi.json',
      statusClass: '2xx',
      families: ['gen_ai_client_operation_duration_seconds', 'messaging_client_consumed_messages_total', 'rabbitmq_queue_messages'],
    });
    for (const [outcome, calls] of [
      ['error', 1],
      ['ok', 1],
    ] as const) {
      const of = { ...labels, outcome };
      expect(
        histogramCount(after, 'gen_ai_client_operation_duration_seconds', of) -
          histogramCount(before, 'gen_ai_client_operation_duration_seconds', of),
      ).toBe(calls);
    }
  });

  it('fails an attempt whose text names the wrong winner, and records the last failed check', async () => {
    ai.answerWith({ lead: 'サクラが勝利', sections: [{ heading: '結果', paragraphs: ['1着 サクラ'] }] });
    const calls = ai.requests.length;
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id);
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId));
    const failed = await waitFor(
      async () => {
        const article = await kit.article(articleId);
        return article?.status === 'failed' ? article : undefined;
      },
      { what: 'the article to fail' },
    );
    expect(ai.requests.length - calls).toBe(3);
    expect(failed.generation_error).toMatch(/^Article generation failed: fact check failed: the text puts サクラ at 1着/);
    expect(JSON.parse(failed.accuracy_test_data_json)).toMatchObject({ ok: false, found: [{ rank: 1, name: 'サクラ' }] });
  });

  it('retries a failing provider up to the limit, then marks the article failed and dead-letters the job', async () => {
    ai.failWith(500);
    const calls = ai.requests.length;
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id);
    const jobId = await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId));
    const failed = await waitFor(
      async () => {
        const article = await kit.article(articleId);
        return article?.status === 'failed' ? article : undefined;
      },
      { what: 'the article to fail' },
    );
    expect(ai.requests.length - calls).toBe(3);
    expect(failed.generation_error).toMatch(/^Article generation failed: AI provider request failed with status 500/);
    expect(failed.body_html).toBe('');
    const dead = await waitFor(
      async () => {
        const message = await queues.channel.get(kit.queues(RACE_CONTENT_QUEUES.articleGeneration).dead, { noAck: true });
        return message && message.properties.messageId === jobId ? message : undefined;
      },
      { what: 'the job in the DLQ' },
    );
    expect(dead.properties.headers).toMatchObject({ 'x-attempt': 3 });
  });

  it('keeps the API key out of the failure record and the dead letter when the provider repeats it in a refusal', async () => {
    ai.failWith(401);
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id);
    const jobId = await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId));
    const failed = await waitFor(
      async () => {
        const article = await kit.article(articleId);
        return article?.status === 'failed' ? article : undefined;
      },
      { what: 'the article to fail' },
    );
    expect(failed.generation_error).toMatch(/^Article generation failed: AI provider request failed with status 401: .*\[api key\]/);
    expect(JSON.stringify(failed)).not.toContain('test-key');
    const dead = await waitFor(
      async () => {
        const message = await queues.channel.get(kit.queues(RACE_CONTENT_QUEUES.articleGeneration).dead, { noAck: true });
        return message && message.properties.messageId === jobId ? message : undefined;
      },
      { what: 'the job in the DLQ' },
    );
    expect(String(dead.properties.headers?.['x-last-error'])).toContain('[api key]');
    expect(`${JSON.stringify(dead.properties)}${dead.content.toString()}`).not.toContain('test-key');
  });
});
