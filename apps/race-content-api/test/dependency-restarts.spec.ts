import type { PlatformApp } from '@platform/runtime';
import { freePort, notYet, type RunningEntryPoint, startEntryPoint, useTestScope, waitFor } from '@platform/testing/harness';
import { type PrivateService, startPrivateFerretDb, startPrivateRabbitMq, startPrivateS3 } from '@platform/testing/services';
import { MongoClient, ObjectId } from 'mongodb';
import request from 'supertest';
import { FIXTURES, fixtureBytes } from './fixtures';
import { as, startRaceContentApp, testConfig } from './test-app';

/**
 * Race content while its broker and its document store restart under load (issue 21): race-content-api and an
 * article-worker process on a private RabbitMQ and a private FerretDB, each stopped and started again while
 * generations are asked for. The apps stay up, readiness reports the outage and recovers, requests meanwhile get 503
 * in the race-content error body (never a 500 or a hang), and every generation accepted with 202 ends as a draft.
 */
const S3_CREDENTIALS = { accessKeyId: 'restart-key', secretAccessKey: 'restart-secret-0123456789' };
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('race content when RabbitMQ, FerretDB and the S3 server restart', () => {
  const scope = useTestScope('rc_restarts');
  let broker: PrivateService;
  let ferret: PrivateService;
  let s3: PrivateService;
  let app: PlatformApp;
  let worker: RunningEntryPoint;
  let workerUrl: string;
  let mongo: MongoClient;
  let dbName: string;
  const http = () => request(app.getHttpServer());
  const member = as('member');

  beforeAll(async () => {
    [broker, ferret, s3] = await Promise.all([startPrivateRabbitMq(), startPrivateFerretDb(), startPrivateS3(S3_CREDENTIALS)]);
    scope.track('the private RabbitMQ', broker);
    scope.track('the private FerretDB', ferret);
    scope.track('the private S3 server', s3);
    const config = testConfig(scope, {
      MONGODB_URI: ferret.url,
      AMQP_URL: broker.url,
      JOB_RETRY_DELAY_MS: '200',
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    });
    dbName = config.mongo.dbName!;
    app = scope.track('race-content-api', await startRaceContentApp(config));
    const port = await freePort();
    workerUrl = `http://127.0.0.1:${port}`;
    worker = startEntryPoint(
      'apps/article-worker/src/main.ts',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        MONGODB_URI: ferret.url,
        MONGODB_DB: dbName,
        AMQP_URL: broker.url,
        QUEUE_PREFIX: config.messaging.queuePrefix!,
        JOB_RETRY_DELAY_MS: '200',
        AI_PROVIDER: 'local',
      },
      10 * 60_000,
    );
    scope.defer('article-worker', async () => {
      worker.kill('SIGTERM');
      await worker.exited;
    });
    await worker.waitForLine(/consuming article-generation/, 60_000);
    mongo = scope.track('the MongoDB client', await MongoClient.connect(ferret.url));
    await http()
      .post('/v1/races')
      .set(member)
      .field('type', 'horse_racing')
      .attach('file', fixtureBytes(FIXTURES.horse), FIXTURES.horse.file)
      .expect(201);
  }, 180_000);

  const generate = () =>
    http()
      .post('/v1/articles/generation')
      .set(member)
      .send({ race_id: FIXTURES.horse.id, title: 'restart', opening_at: 0 })
      .timeout(15_000);
  const workerReady = async () => (await fetch(`${workerUrl}/health/ready`)).status;
  const statusOf = async (id: string) =>
    (
      await mongo
        .db(dbName)
        .collection('articles')
        .findOne({ _id: new ObjectId(id) })
    )?.status;

  it('takes jobs again after a broker restart, refusing with 503 meanwhile, and finishes every job it accepted', async () => {
    const accepted: string[] = [];
    for (let i = 0; i < 5; i++) accepted.push((await generate().expect(202)).body.id);

    await broker.stop();
    await waitFor(async () => ((await workerReady()) === 503 ? true : undefined), { what: 'the worker to report the outage' });
    const refused = await generate();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: expect.objectContaining({ code: 'QUEUE_UNAVAILABLE' }) });
    // Reads do not need the broker.
    await http().get('/v1/articles').set(as('viewer')).expect(200);

    await broker.start();
    let refusals = 1;
    await waitFor(
      async () => {
        const res = await generate();
        if (res.status === 202) return accepted.push(res.body.id);
        expect(res.status).toBe(503);
        refusals++;
        return undefined;
      },
      { timeoutMs: 30_000, what: 'the API to publish again' },
    );
    await waitFor(async () => ((await workerReady()) === 200 ? true : undefined), { timeoutMs: 30_000, what: 'the worker to reconnect' });
    for (let i = 0; i < 5; i++) accepted.push((await generate().expect(202)).body.id);

    for (const id of accepted) {
      await waitFor(async () => ((await statusOf(id)) === 'draft' ? true : undefined), {
        timeoutMs: 60_000,
        what: `article ${id} drafted`,
      });
    }
    // Each refused one is recorded failed ("Not queued"), none left generating.
    const articles = mongo.db(dbName).collection('articles');
    expect(await articles.countDocuments({ status: 'generating' })).toBe(0);
    expect(await articles.countDocuments({ status: 'failed', generation_error: { $regex: '^Not queued' } })).toBe(refusals);
  }, 180_000);

  it('answers 503 while the document store is down, and recovers, with jobs in flight finished afterwards', async () => {
    const before = (await generate().expect(202)).body.id as string;
    await ferret.stop();
    for (const path of ['/v1/articles', '/v1/races?type=horse_racing', `/v1/articles/${before}`]) {
      const started = Date.now();
      const res = await http().get(path).set(as('viewer')).timeout(15_000);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 503,
        body: { error: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) },
      });
    }
    const deep = await http().get('/v1/ping/deep').timeout(15_000);
    expect(deep.status).toBe(503);

    await ferret.start();
    await waitFor(async () => ((await http().get('/v1/ping/deep')).status === 200 ? true : undefined), {
      timeoutMs: 30_000,
      what: 'the API to reach its store again',
    });
    await http().get('/v1/articles').set(as('viewer')).expect(200);
    // The test's own client may still fail a read or two while it reconnects to the restarted store: not yet.
    await waitFor(async () => ((await statusOf(before).catch(notYet)) === 'draft' ? true : undefined), {
      timeoutMs: 60_000,
      what: 'the job in flight finished',
    });
    const after = (await generate().expect(202)).body.id as string;
    await waitFor(async () => ((await statusOf(after).catch(notYet)) === 'draft' ? true : undefined), {
      timeoutMs: 60_000,
      what: 'a new job finished',
    });
  }, 180_000);

  it('answers 503 for an upload while the S3 server is down, records nothing, and stores again after its restart', async () => {
    const upload = (name: string) =>
      http().post('/v1/medias').set(member).field('name', name).field('mime_type', 'image').attach('file', PNG, 'logo.png').timeout(30_000);
    const medias = () => mongo.db(dbName).collection('medias').countDocuments({ deleted_at: null });
    await upload('before.png').expect(201);
    await s3.stop();
    const started = Date.now();
    const refused = await upload('during.png');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 503,
      body: { error: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) },
    });
    expect(await medias()).toBe(1);

    await s3.start();
    const stored = (await upload('after.png').expect(201)).body;
    expect(Buffer.from(await (await fetch(stored.s3_url)).arrayBuffer())).toEqual(PNG);
    expect(await medias()).toBe(2);
  }, 120_000);
});
