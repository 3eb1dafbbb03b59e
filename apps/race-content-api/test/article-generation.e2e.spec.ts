import { edgeInFrontOf } from '@platform/testing/deployment';
import { freePort, startEntryPoint, testServices, waitFor } from '@platform/testing/harness';
import request from 'supertest';
import { FIXTURES, fixtureBytes } from './fixtures';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

/**
 * Article generation end to end as the admin console calls it: every request through the local gateway with a
 * Bearer token, race-content-api publishing to the real broker, an article-worker (local provider) on the same
 * database and queues writing the article.
 */
describe('article generation end to end through the edge', () => {
  let kit: RaceContentKit;
  let gateway: string;
  const admin = as('admin');
  const http = () => request(gateway);

  beforeAll(async () => {
    kit = await startRaceContentKit();
    // The worker runs as its own process from its entry point, as deployed (local AI provider).
    const worker = startEntryPoint(
      'apps/article-worker/src/main.ts',
      {
        PORT: String(await freePort()),
        LOG_LEVEL: 'info',
        MONGODB_URI: testServices.mongoUri,
        MONGODB_DB: kit.config.mongo.dbName ?? '',
        AMQP_URL: testServices.amqpUrl,
        QUEUE_PREFIX: kit.config.messaging.queuePrefix!,
        JOB_RETRY_DELAY_MS: '50',
        AI_PROVIDER: 'local',
      },
      120_000,
    );
    kit.scope.defer('article-worker', async () => {
      worker.kill('SIGTERM');
      await worker.exited;
    });
    await worker.waitForLine(/consuming article-generation/, 60_000);
    gateway = kit.scope.track('the edge', await edgeInFrontOf(kit.app, 'race-content-api')).url;
  });
  afterAll(() => kit?.close());

  it('uploads a race, asks for an article, and finds it written as a draft naming the winner with a passing fact check', async () => {
    const fixture = FIXTURES.horse;
    await http().post('/v1/articles/generation').send({ race_id: fixture.id, title: 't', opening_at: 0 }).expect(401);
    const uploaded = await http()
      .post('/v1/races')
      .set(admin)
      .field('type', fixture.type)
      .attach('file', fixtureBytes(fixture), { filename: fixture.file, contentType: 'application/json' })
      .expect(201);
    expect(uploaded.body).toMatchObject({ id: fixture.id });

    const openingAt = Date.UTC(2026, 10, 1, 9, 0);
    const queued = await http()
      .post('/v1/articles/generation')
      .set(admin)
      .send({ race_id: fixture.id, title: '天皇賞（秋）の結果', opening_at: openingAt })
      .expect(202);
    expect(queued.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const article = await waitFor(
      async () => {
        const res = await http().get(`/v1/articles/${queued.body.id}`).set(admin).expect(200);
        return res.body.status === 'generating' ? undefined : res.body;
      },
      { timeoutMs: 30_000, what: 'the article to leave generating' },
    );
    expect(article).toMatchObject({
      status: 'draft',
      id: queued.body.id,
      race_id: fixture.id,
      title: '天皇賞（秋）の結果',
      opening_at: openingAt,
    });
    expect(article.body_html).toContain('ハヤテノカゼが1着でゴールしました。');
    expect(article.accuracy_test_data).toMatchObject({
      ok: true,
      expected: expect.arrayContaining([{ rank: 1, name: 'ハヤテノカゼ' }]),
      found: expect.arrayContaining([{ rank: 1, name: 'ハヤテノカゼ' }]),
    });
    expect(article.generation_error).toBeNull();

    const listed = await http().get('/v1/articles?status=draft').set(admin).expect(200);
    expect(JSON.stringify(listed.body)).toContain(queued.body.id);
  });
});
