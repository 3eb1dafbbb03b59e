import { RACE_CONTENT_QUEUES } from '@platform/race-content-data';
import request from 'supertest';
import { waitFor } from '@platform/testing/harness';
import { expectTruthfulDocument } from '@platform/testing/sweep';
import { StuckArticlesSweeper } from '../src/articles/stuck-articles.sweeper';
import { queueProbe } from './amqp-probe';
import { horseRaceResult, startWorkerKit, type WorkerKit } from './worker-test-kit';

describe('article pipeline: a job published by the messaging lib is written and built by the worker', () => {
  let kit: WorkerKit;
  let queues: Awaited<ReturnType<typeof queueProbe>>;

  beforeAll(async () => {
    kit = await startWorkerKit();
    queues = await queueProbe();
    await kit.db.collection('ng_words').insertOne({ name: 'サクラ', created_at: 0, updated_at: 0, deleted_at: null });
  });
  afterAll(async () => {
    await queues?.close();
    await kit?.close();
  });

  const job = (articleId: string) => ({
    article_id: articleId,
    race_id: horseRaceResult.race_id,
    racing_type: 'horse_racing' as const,
    title: 'Result',
    race_result: horseRaceResult,
  });

  it('moves a generating article to draft with the built body, NG words masked', async () => {
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id);
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId));
    const done = await waitFor(
      async () => {
        const article = await kit.article(articleId);
        return article?.status === 'draft' ? article : undefined;
      },
      { what: 'the article to be built' },
    );
    expect(done.body_html).toContain('<p class="lead">2026-11-01 東京11R 天皇賞（競馬）はハヤテが1着でゴールしました。</p>');
    expect(done.body_html).toContain('<h2>レース結果</h2>');
    expect(done.body_html).not.toContain('サクラ');
    expect(done.body_html).toContain('＊＊＊');
    expect(done.generation_error).toBeNull();
    expect(done.ng_word_hits).toEqual(['サクラ']);
    expect(JSON.parse(done.accuracy_test_data_json)).toMatchObject({
      ok: true,
      found: [
        { rank: 1, name: 'ハヤテ' },
        { rank: 2, name: 'サクラ' },
      ],
    });
  });

  it('ignores a job of an earlier generation: only the generation the article waits for finishes it', async () => {
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id, 'current-generation');
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, { ...job(articleId), generation_id: 'stale-generation' });
    await waitFor(async () => ((await queues.depth(kit.queues(RACE_CONTENT_QUEUES.articleGeneration).main)) === 0 ? true : undefined), {
      what: 'the stale job to be consumed',
    });
    await waitFor(async () => ((await queues.depth(kit.queues(RACE_CONTENT_QUEUES.articleBuilder).main)) === 0 ? true : undefined), {
      what: 'the builder queue to drain',
    });
    expect(await kit.article(articleId)).toMatchObject({ status: 'generating', body_html: '' });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, { ...job(articleId), generation_id: 'current-generation' });
    await waitFor(async () => ((await kit.article(articleId))?.status === 'draft' ? true : undefined), { what: 'the current job' });
  });

  it('sweeps articles stuck in generating beyond the documented time into failed', async () => {
    const stuck = await kit.insertGeneratingArticle(horseRaceResult.race_id, null, Date.now() - 16 * 60_000);
    const recent = await kit.insertGeneratingArticle(horseRaceResult.race_id, null, Date.now() - 60_000);
    expect(await kit.worker.get(StuckArticlesSweeper).sweep()).toBe(1);
    expect(await kit.article(stuck)).toMatchObject({
      status: 'failed',
      generation_error: 'Article generation did not finish within 15 min',
    });
    expect(await kit.article(recent)).toMatchObject({ status: 'generating' });
  });

  it('fails each stuck article once when two replicas sweep at the same moment', async () => {
    const stuck = await Promise.all(
      [1, 2, 3, 4, 5].map(() => kit.insertGeneratingArticle(horseRaceResult.race_id, null, Date.now() - 16 * 60_000)),
    );
    const sweeper = kit.worker.get(StuckArticlesSweeper);
    const failed = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(failed[0] + failed[1]).toBe(stuck.length);
    for (const id of stuck) expect(await kit.article(id)).toMatchObject({ status: 'failed' });
    // One claim each: the second sweep found every article claimed.
    const claims = (await kit.db.collection('generation_claims').find({}).toArray()).map((claim) => String(claim._id));
    for (const id of stuck) expect(claims.filter((claim) => claim.startsWith(`${id}:`))).toHaveLength(1);
  });

  it('finishes an article whose worker died between claiming its generation and writing it', async () => {
    // What a worker killed mid-job leaves behind: the claim of its draft, the article still generating.
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id, 'died-generation');
    await kit.db
      .collection('generation_claims')
      .insertOne({ _id: `${articleId}:died-generation` as never, outcome: 'draft', at: Date.now() });
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, { ...job(articleId), generation_id: 'died-generation' });
    const done = await waitFor(
      async () => {
        const article = await kit.article(articleId);
        return article?.status === 'draft' ? article : undefined;
      },
      { what: 'the redelivered job to finish the article' },
    );
    expect(done.body_html).toContain('<h2>レース結果</h2>');
  });

  it('sweeps an article whose failure was claimed by a sweeper that died, but not one claimed a moment ago', async () => {
    const abandoned = await kit.insertGeneratingArticle(horseRaceResult.race_id, null, Date.now() - 16 * 60_000);
    const fresh = await kit.insertGeneratingArticle(horseRaceResult.race_id, null, Date.now() - 16 * 60_000);
    const claims = kit.db.collection('generation_claims');
    for (const [id, at] of [
      [abandoned, Date.now() - 2 * 60_000],
      [fresh, Date.now()],
    ] as const) {
      const article = (await kit.article(id))!;
      await claims.insertOne({ _id: `${id}:untracked-${article.updated_at}` as never, outcome: 'failed', at });
    }
    expect(await kit.worker.get(StuckArticlesSweeper).sweep()).toBe(1);
    expect(await kit.article(abandoned)).toMatchObject({ status: 'failed' });
    expect(await kit.article(fresh)).toMatchObject({ status: 'generating' });
    await kit.db.collection('articles').deleteOne({ _id: (await kit.article(fresh))!._id });
  });

  it('changes nothing when the same job is delivered again', async () => {
    const articleId = await kit.insertGeneratingArticle(horseRaceResult.race_id);
    const jobId = await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId));
    const first = await waitFor(
      async () => {
        const article = await kit.article(articleId);
        return article?.status === 'draft' ? article : undefined;
      },
      { what: 'the article to be built' },
    );
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job(articleId), jobId);
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleBuilder, {
      article_id: articleId,
      race_id: 'x',
      title: 't',
      lead: 'other',
      sections: [{ heading: 'h', paragraphs: [] }],
    });
    const drained = async () =>
      (await queues.depth(kit.queues(RACE_CONTENT_QUEUES.articleGeneration).main)) === 0 &&
      (await queues.depth(kit.queues(RACE_CONTENT_QUEUES.articleBuilder).main)) === 0;
    await waitFor(async () => ((await drained()) ? true : undefined), { what: 'queues to drain' });
    expect(await kit.article(articleId)).toEqual(first);
  });

  it('dead-letters a job whose article does not exist, without retrying', async () => {
    await kit.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job('0123456789abcdef01234567'));
    const dead = await waitFor(
      async () => (await queues.channel.get(kit.queues(RACE_CONTENT_QUEUES.articleGeneration).dead, { noAck: true })) || undefined,
      { what: 'DLQ' },
    );
    expect(dead.properties.headers).toMatchObject({ 'x-attempt': 1, 'x-last-error': 'article 0123456789abcdef01234567 does not exist' });
  });

  it('serves probes and an OpenAPI document describing them', async () => {
    await request(kit.worker.getHttpServer()).get('/health/live').expect(200, { status: 'ok' });
    const ready = await request(kit.worker.getHttpServer()).get('/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { mongodb: 'ok', rabbitmq: 'ok' } });
    await expectTruthfulDocument(kit.worker);
  });
});
