import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import {
  freePort,
  jsonLines,
  type OtlpReceiver,
  type ReceivedSpan,
  type RunningEntryPoint,
  startEntryPoint,
  startFakeOpenAi,
  startOtlpReceiver,
  testServices,
  testStorageEnv,
  useTestScope,
  waitFor,
} from '@platform/testing/harness';
import request from 'supertest';
import { FIXTURES, fixtureBytes } from './fixtures';
import { as, TEST_JWT_SECRET } from './test-app';

/**
 * Tracing against the real apps: race-content-api and article-worker run as their own processes from their entry
 * points (OpenTelemetry patches modules through require hooks, which Jest's module loader bypasses), exporting to an
 * in-process OTLP/HTTP receiver. One article generation must be one trace: the API's server span, the publish, the
 * worker's job span across the AMQP hop, the AI call, the database writes and the article-builder hop; and the
 * worker's log lines for the job carry the trace id.
 */
describe('one trace from POST /v1/articles/generation to article-worker and article-builder', () => {
  const scope = useTestScope('rctrace');
  let receiver: OtlpReceiver;
  let api: RunningEntryPoint;
  let worker: RunningEntryPoint;
  let url: string;

  const stop = (name: string, run: RunningEntryPoint) =>
    scope.defer(name, async () => {
      run.kill('SIGTERM');
      const exited = await run.exited;
      if (exited.code !== 0) throw new Error(`${name} exited ${exited.code ?? exited.signal}`);
    });

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    scope.defer('the OTLP receiver', () => receiver.close());
    const ai = await startFakeOpenAi();
    scope.defer('the OpenAI stand-in', () => ai.close());
    ai.answerWith({ lead: 'ハヤテノカゼが勝利', sections: [{ heading: '結果', paragraphs: ['ハヤテノカゼが1着でゴールしました。'] }] });
    const shared = {
      LOG_LEVEL: 'info',
      MONGODB_URI: testServices.mongoUri,
      MONGODB_DB: scope.mongoDatabase(),
      AMQP_URL: testServices.amqpUrl,
      QUEUE_PREFIX: scope.queuePrefix(RACE_CONTENT_QUEUE_LIST),
      JOB_RETRY_DELAY_MS: '50',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const apiPort = await freePort();
    api = startEntryPoint(
      'apps/race-content-api/src/main.ts',
      {
        ...shared,
        PORT: String(apiPort),
        JWT_SECRET: TEST_JWT_SECRET,
        REDIS_URL: testServices.redisUrl,
        AUTH_KEY_PREFIX: scope.redisPrefix('auth'),
        ...testStorageEnv(scope.bucket()),
      },
      120_000,
    );
    stop('race-content-api', api);
    worker = startEntryPoint(
      'apps/article-worker/src/main.ts',
      { ...shared, PORT: String(await freePort()), AI_PROVIDER: 'openai', AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'test-key' },
      120_000,
    );
    stop('article-worker', worker);
    await Promise.all([api.waitForLine(/listening on/, 60_000), worker.waitForLine(/consuming article-builder/, 60_000)]);
    url = `http://127.0.0.1:${apiPort}`;
  }, 90_000);

  it('exports one trace spanning both apps and both queue hops, and the worker logs its id', async () => {
    const fixture = FIXTURES.horse;
    await request(url)
      .post('/v1/races')
      .set(as('admin'))
      .field('type', fixture.type)
      .attach('file', fixtureBytes(fixture), { filename: fixture.file, contentType: 'application/json' })
      .expect(201);
    const requestId = `trace-e2e-${scope.id}`;
    const queued = await request(url)
      .post('/v1/articles/generation')
      .set(as('admin'))
      .set('x-request-id', requestId)
      .send({ race_id: fixture.id, title: '天皇賞（秋）の結果', opening_at: Date.UTC(2026, 10, 1, 9) })
      .expect(202);
    const articleId: string = queued.body.id;
    await waitFor(
      async () => {
        const res = await request(url).get(`/v1/articles/${articleId}`).set(as('admin')).expect(200);
        return res.body.status === 'generating' ? undefined : res.body;
      },
      { timeoutMs: 30_000, what: 'the article to leave generating' },
    );

    // The trace store is searched by request id: it is on the API's server span.
    const server = await waitFor(
      () => receiver.spans.find((span) => span.kind === 'server' && span.attributes['request.id'] === requestId),
      { timeoutMs: 15_000, what: 'the server span of the generation request' },
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}; received: ${JSON.stringify(receiver.spans.map((s) => [s.service, s.name, s.kind, s.attributes['request.id']]))}`,
      );
    });
    expect(server).toMatchObject({ service: 'race-content-api', attributes: { 'http.request.method': 'POST' } });
    const traceId = server.traceId;
    const spans = await waitFor(
      () => {
        const found = receiver.trace(traceId);
        const builder = found.find((span) => span.name === 'article-builder process');
        return builder && found.some((span) => span.parentSpanId === builder.spanId) ? found : undefined;
      },
      { timeoutMs: 15_000, what: `the article-builder job in trace ${traceId}` },
    );
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
      const chain: ReceivedSpan[] = [];
      for (let at = span.parentSpanId && byId.get(span.parentSpanId); at; at = at.parentSpanId && byId.get(at.parentSpanId)) {
        chain.push(at);
      }
      return chain;
    };
    const only = (predicate: (span: ReceivedSpan) => boolean, what: string) => {
      const matching = spans.filter(predicate);
      if (matching.length === 0)
        throw new Error(`no ${what} in trace ${traceId}: ${spans.map((s) => `${s.service}:${s.name}`).join(', ')}`);
      return matching[0];
    };

    // The API publishes from its request; the worker's job continues the trace across the AMQP hop.
    const publish = only((s) => s.service === 'race-content-api' && s.name === 'article-generation publish', 'publish span');
    expect(publish).toMatchObject({
      kind: 'producer',
      attributes: { 'messaging.system': 'rabbitmq', 'messaging.destination.name': `${scope.queuePrefix([])}article-generation` },
    });
    expect(ancestors(publish)).toContain(server);
    const job = only((s) => s.service === 'article-worker' && s.name === 'article-generation process', 'generation job span');
    expect(job).toMatchObject({
      kind: 'consumer',
      attributes: { 'messaging.system': 'rabbitmq', 'messaging.rabbitmq.job.attempt': 1, 'messaging.message.id': expect.any(String) },
    });
    expect(ancestors(job)).toEqual(expect.arrayContaining([publish, server]));
    // The AI call (fetch through undici) and the writes happen inside the job.
    const aiCall = only(
      (s) => s.service === 'article-worker' && s.kind === 'client' && /chat\/completions/.test(String(s.attributes['url.full'])),
      'AI call',
    );
    expect(ancestors(aiCall)).toContain(job);
    const write = only(
      (s) => s.service === 'article-worker' && (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'mongodb',
      'MongoDB span',
    );
    expect(ancestors(write)).toContain(job);
    expect(
      spans.some((s) => s.service === 'race-content-api' && (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'mongodb'),
    ).toBe(true);
    // The builder is a second hop, published by the generation job.
    const builder = only((s) => s.service === 'article-worker' && s.name === 'article-builder process', 'article-builder job span');
    expect(ancestors(builder)).toEqual(expect.arrayContaining([job, server]));

    // Correlated logs: the worker's lines for the job carry the trace id, and so does the API's request line.
    const workerLines = jsonLines(worker).filter((line) => line.trace_id === traceId);
    expect(workerLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'job done', queue: 'article-generation', span_id: job.spanId }),
        expect.objectContaining({ msg: 'job done', queue: 'article-builder', span_id: builder.spanId }),
      ]),
    );
    expect(jsonLines(api)).toContainEqual(
      expect.objectContaining({ msg: 'request completed', requestId, trace_id: traceId, span_id: expect.any(String) }),
    );
  });
});
