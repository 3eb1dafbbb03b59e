// Race content generation at size, with the apps running as their own processes on the local services:
//   - 1,000 POST /v1/articles/generation (20 at a time) with AI_PROVIDER=local and ONE article-worker: every article
//     reaches draft. Target: all in under 60 s; prints the queue throughput (jobs through article-generation and
//     article-builder per second).
//   - POST /v1/blogs/{id}/related_generate over 20,000 blogs with 256-dimension embeddings. Target: p95 < 300 ms.
// Floors, measured in the same run: for generation, the same store and broker work straight through the drivers, at
// the same concurrency and at once like the app (race-generation-floors.ts, pipelineFloor): 20 clients read the race
// by id, insert the article and publish its job with a confirm (the 202's floor, measured while the floor's consumers
// run, as the app's 202s are while the worker runs); two consumers at the worker's prefetch read the article, publish
// the build job; read the article, claim the generation, write the draft. For related, the store's part of one
// request (read the blog, two candidates and write the body, by id) through the driver, and once, for scale, the
// naive approach (every vector read from the store for one request). Target of every figure: app-to-driver ratio
// < 1.2x; on FerretDB (the local default) the only one judged, since the store decides the absolute figures
// (raceTargets).
// Run: npm run bench:generation   (the services must be up: scripts/services.sh)
import { request as httpRequest } from 'node:http';
import { type Db, MongoClient, ObjectId } from 'mongodb';
import { localEmbedding } from '@platform/ai';
import { ensureIndexes } from '@platform/persistence';
import { type BlogStore, COLLECTIONS, RACE_COLLECTIONS, RACE_CONTENT_INDEXES, type RaceDocument } from '@platform/race-content-data';
import { freePort, type TestScope, waitFor } from '@platform/testing/harness';
import { RelatedBlogsIndex } from '../apps/race-content-api/src/blogs/generation/related-blogs.index';
import {
  appEntry,
  benchArgs,
  cpuSeconds,
  fromEnv,
  inOwnScope,
  percentile,
  report,
  runBench,
  size,
  startApp,
  stopProcess,
} from './bench-kit';
import {
  appEnv,
  benchToken,
  DRIVER_RATIO,
  raceContentStores,
  type RaceContentStores,
  interleaved,
  raceTargets,
  startRaceContentApi,
} from './race-content-kit';
import { pipelineFloor, raceResult, storeChains } from './race-generation-floors';

const ARTICLES = fromEnv('BENCH_ARTICLES', size(1000, 20));
const BLOGS = fromEnv('BENCH_BLOGS', size(20_000, 200));
const RUNS = fromEnv('BENCH_RUNS', size(200, 5));
const CONCURRENCY = 20;
/** The worker's JOB_PREFETCH: unacknowledged jobs it works on at once per queue (the platform default is 4). */
const PREFETCH = fromEnv('BENCH_PREFETCH', 16);
const TOKEN = benchToken('member');
/**
 * How often the bench counts the drafts in the store until the worker's lines show every build job done: on FerretDB
 * the count is a scan in the store the pipeline waits on (polling every 100 ms once took store time from the pipeline).
 */
const POLL_MS = fromEnv('BENCH_POLL_MS', size(5000, 500));

function post(url: string, body?: unknown): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
        );
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('no answer within 120 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

type Targets = Awaited<ReturnType<typeof raceTargets>>;

async function articleGeneration(scope: TestScope, services: Record<string, string>, db: Db, stores: RaceContentStores, judged: Targets) {
  const now = Date.now();
  await db.collection<RaceDocument>(RACE_COLLECTIONS.horse_racing).insertOne({
    _id: raceResult.race_id,
    name: '2026-11-01_tokyo_11R_tenno-sho-autumn',
    race_result_json: JSON.stringify(raceResult),
    prediction_json: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
  await db
    .collection(COLLECTIONS.raceIds)
    .insertOne({ _id: raceResult.race_id as unknown as ObjectId, type: 'horse_racing', created_at: now });
  const apiPort = await freePort();
  const workerEnv = appEnv(services, stores, await freePort(), { AI_PROVIDER: 'local', LOG_LEVEL: 'info', JOB_PREFETCH: String(PREFETCH) });
  const consuming = (worker: { lines: string[] }) => worker.lines.some((line) => /consuming article-builder/.test(line));
  const [api, worker] = await Promise.all([
    startRaceContentApi(scope, services, stores, apiPort, { LOG_LEVEL: 'info' }),
    startApp(scope, appEntry('article-worker'), workerEnv, consuming, 90_000),
  ]);
  const cpuBefore = [cpuSeconds(api.pid), cpuSeconds(worker.pid)];
  const base = `http://127.0.0.1:${apiPort}`;
  const articles = db.collection(COLLECTIONS.articles);
  const startedAt = Date.now();
  const started = performance.now();
  const latencies: number[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < ARTICLES) {
        const n = sent++;
        const res = await post(`${base}/v1/articles/generation`, {
          race_id: raceResult.race_id,
          title: `天皇賞（秋）結果 ${n}`,
          opening_at: now,
        });
        if (res.status !== 202) throw new Error(`generation answered ${res.status}: ${res.body}`);
        latencies.push(res.ms);
      }
    }),
  );
  const accepted = performance.now() - started;
  // The end is the time of the worker's last build job (its "job done" line), so the figure does not depend on how
  // often the bench looks; the drafts are counted in the store only to confirm, every few seconds (a count is a
  // scan on FerretDB, store time taken from the pipeline).
  const builds = new BuildsDone(worker.lines);
  let lastCount = 0;
  const drafted = async () => {
    if (builds.count() < ARTICLES && performance.now() - lastCount < POLL_MS) return undefined;
    lastCount = performance.now();
    return (await articles.countDocuments({ status: 'draft' })) === ARTICLES ? true : undefined;
  };
  const what = 'every article to reach draft';
  const done = await waitFor(drafted, { timeoutMs: size(300_000, 60_000), intervalMs: 50, what }).catch(() => undefined);
  const failedDocs = await articles.find({ status: 'failed' }, { projection: { generation_error: 1 } }).toArray();
  const failed = failedDocs.length;
  const reasons = new Map<string, number>();
  for (const doc of failedDocs)
    reasons.set(String(doc.generation_error).slice(0, 120), (reasons.get(String(doc.generation_error).slice(0, 120)) ?? 0) + 1);
  for (const [reason, count] of reasons) console.log(`  failed x${count}: ${reason}`);
  if (done === undefined) throw new Error(`not every article reached draft (${failed} failed)`);
  const total = builds.last() - startedAt;
  const [apiCpu, workerCpu] = [cpuSeconds(api.pid) - cpuBefore[0], cpuSeconds(worker.pid) - cpuBefore[1]];
  console.log(
    `${ARTICLES} article generations to draft with one article-worker (local provider, JOB_PREFETCH ${PREFETCH}): ${(total / 1000).toFixed(1)} s; ` +
      `202s in ${(accepted / 1000).toFixed(1)} s (p95 ${percentile(latencies, 0.95).toFixed(1)} ms at ${CONCURRENCY} concurrent); ` +
      `queue throughput ${((2 * ARTICLES) / (total / 1000)).toFixed(0)} jobs/s (${(ARTICLES / (total / 1000)).toFixed(0)} articles/s); ` +
      `CPU used meanwhile: API ${apiCpu.toFixed(1)} s, worker ${workerCpu.toFixed(1)} s`,
  );
  // The apps stop before the floor runs, so that it has the machine and the store to itself as they had.
  await Promise.all([api, worker].map((app, i) => stopProcess(i ? 'article-worker' : 'race-content-api', app.kill, app.exited)));
  const sample = (await articles.findOne({ status: 'draft' }))!;
  const draft = {
    body_html: String(sample.body_html),
    accuracy_test_data_json: (sample.accuracy_test_data_json as string | null) ?? null,
    ng_word_hits: (sample.ng_word_hits as string[] | undefined) ?? [],
  };
  const floorCpu = cpuSeconds(process.pid);
  const floor = await pipelineFloor(db, services.AMQP_URL, stores.queuePrefix, {
    articles: ARTICLES,
    concurrency: CONCURRENCY,
    prefetch: PREFETCH,
    draft,
  });
  const floorCpuUsed = cpuSeconds(process.pid) - floorCpu;
  const chains = await storeChains(db, ARTICLES, CONCURRENCY, draft);
  console.log(
    `  floor: the same store and broker work through the drivers at the same concurrency (race read, insert, confirmed publish; ` +
      `two consumers at prefetch ${PREFETCH}: article read and confirmed publish; article read, claim insert, draft write): ` +
      `${(floor.total / 1000).toFixed(1)} s, 202 p95 ${percentile(floor.latencies, 0.95).toFixed(1)} ms, ` +
      `CPU used by the drivers' process ${floorCpuUsed.toFixed(1)} s (the app's: ${(apiCpu + workerCpu).toFixed(1)} s); for scale, not a floor: ` +
      `the same ${6 * ARTICLES} store calls as one chain per article, ${CONCURRENCY} chains, no broker: ${(chains / 1000).toFixed(1)} s ` +
      `(a draft writes ${Buffer.byteLength(JSON.stringify(draft))} bytes of body, fact check and NG-word hits)`,
  );
  report({
    figure: `${ARTICLES} article generations to draft, one article-worker (floor: the same work through the drivers at once${judged.label('< 60 s')})`,
    value: total / 1000,
    unit: 's',
    floor: floor.total / 1000,
    targets: judged.targets({ op: '<', limit: 60 }),
  });
  report({
    figure: `POST /v1/articles/generation, p95 of ${ARTICLES} at ${CONCURRENCY} concurrent while the worker runs (floor: the same requests through the drivers while the floor's consumers run)`,
    value: percentile(latencies, 0.95),
    unit: 'ms',
    floor: percentile(floor.latencies, 0.95),
    targets: [DRIVER_RATIO],
  });
}

/** The worker's "job done" lines of article-builder jobs: how many, and the time of the last. */
class BuildsDone {
  private seen = 0;
  private done = 0;
  private latest = 0;

  constructor(private readonly lines: string[]) {}

  count(): number {
    for (; this.seen < this.lines.length; this.seen++) {
      const line = this.lines[this.seen];
      if (!line.includes('"job done"') || !line.includes('article-builder')) continue;
      this.done++;
      this.latest = Math.max(this.latest, Number(/"time":(\d+)/.exec(line)?.[1] ?? 0));
    }
    return this.done;
  }

  last(): number {
    this.count();
    return this.latest;
  }
}

const WORDS = [
  '天皇賞',
  '有馬記念',
  'ダービー',
  '皐月賞',
  '菊花賞',
  '桜花賞',
  '東京',
  '中山',
  '京都',
  '阪神',
  '逃げ',
  '差し',
  '追込',
  '良馬場',
  '重馬場',
  '回顧',
  '予想',
  '血統',
  '調教',
  'ハヤテ',
  'サクラ',
];

async function related(scope: TestScope, services: Record<string, string>, db: Db, stores: RaceContentStores, judged: Targets) {
  const blogs = db.collection(COLLECTIONS.blogs);
  const seeded = performance.now();
  const ids: ObjectId[] = [];
  for (let from = 0; from < BLOGS; from += 1000) {
    const docs = [];
    for (let i = from; i < Math.min(BLOGS, from + 1000); i++) {
      const text = Array.from({ length: 12 }, (_, k) => WORDS[(i * 7 + k * (i % 13) + k * k) % WORDS.length]).join(' ');
      const _id = new ObjectId();
      ids.push(_id);
      const now = Date.UTC(2024, 0, 1) + i;
      docs.push({
        _id,
        name: `ブログ ${i} ${text.slice(0, 12)}`,
        race_id: null,
        race_type: 'horse_racing',
        blog_type: null,
        old_blog_id: i % 4 === 0 ? `old-${i % 400}` : null,
        source_url: null,
        category_id: null,
        body_html: `<h2>ブログ ${i}</h2><p>${text}</p>`,
        status: i % 50 === 0 ? 'generating' : 'draft',
        embedding: localEmbedding(text),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
    }
    await blogs.insertMany(docs, { ordered: false });
  }
  console.log(`seeded ${BLOGS} blogs with 256-dimension embeddings in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const port = await freePort();
  await startRaceContentApi(scope, services, stores, port, { LOG_LEVEL: 'info' });
  const base = `http://127.0.0.1:${port}`;
  const pick = (run: number) => ids[(run * 7919 + 1) % ids.length];
  const eligible = (run: number) => ((run * 7919 + 1) % ids.length) % 50 !== 0;
  const first = await post(`${base}/v1/blogs/${pick(0).toHexString()}/related_generate`);
  if (first.status !== 200) throw new Error(`related_generate answered ${first.status}: ${first.body}`);
  console.log(`  first call (loads the in-memory index of ${BLOGS} vectors): ${first.ms.toFixed(0)} ms`);
  const runs = Array.from({ length: RUNS }, (_, i) => i + 1).filter(eligible);
  const projection = { name: 1, old_blog_id: 1, status: 1, embedding: 1, updated_at: 1, deleted_at: 1 };
  const { app, floor } = await interleaved(
    runs.length,
    async (i) => {
      const res = await post(`${base}/v1/blogs/${pick(runs[i]).toHexString()}/related_generate`);
      if (res.status !== 200) throw new Error(`related_generate answered ${res.status}: ${res.body}`);
    },
    async (i) => {
      const blog = await blogs.findOne({ _id: pick(runs[i]) });
      await Promise.all(ids.slice(runs[i], runs[i] + 2).map((_id) => blogs.findOne({ _id }, { projection })));
      await blogs.findOneAndUpdate({ _id: pick(runs[i]) }, { $set: { body_html: `${blog!.body_html}`, updated_at: Date.now() } });
    },
  );
  console.log(
    `POST /v1/blogs/{id}/related_generate over ${BLOGS} blogs: ` +
      `median ${percentile(app, 0.5).toFixed(1)} ms, p99 ${percentile(app, 0.99).toFixed(1)} ms over ${app.length} calls; ` +
      `store floor (the blog, two candidates and the write, by id) median ${percentile(floor, 0.5).toFixed(1)} ms`,
  );
  report({
    figure: `POST /v1/blogs/{id}/related_generate over ${BLOGS} blogs, p95 of ${app.length} (floor: its store calls by id${judged.label('< 300 ms')})`,
    value: percentile(app, 0.95),
    unit: 'ms',
    floor: percentile(floor, 0.95),
    targets: judged.targets({ op: '<', limit: 300 }),
  });
  // The app's own part of a request, alone: the in-memory pass over every vector (no store).
  const index = new RelatedBlogsIndex({} as BlogStore, { refreshAfterMs: 0, maxStalenessMs: 0 });
  for await (const doc of blogs.find(
    {},
    { projection: { name: 1, old_blog_id: 1, status: 1, embedding: 1, updated_at: 1, deleted_at: 1 } },
  )) {
    index.put(doc as never);
  }
  const scans: number[] = [];
  for (let run = 0; run < 200; run++) {
    const query = localEmbedding(WORDS.slice(run % 9, (run % 9) + 6).join(' '));
    const started = performance.now();
    index.nearest(query, (b, similarity) => b.status !== 'generating' && similarity < 0.99, 12);
    scans.push(performance.now() - started);
  }
  console.log(
    `  the in-memory search alone over ${index.size} vectors: p95 ${percentile(scans, 0.95).toFixed(1)} ms, median ${percentile(scans, 0.5).toFixed(1)} ms`,
  );
  const naive = performance.now();
  await blogs
    .find({ deleted_at: null, embedding: { $ne: null } }, { projection: { embedding: 1, name: 1, old_blog_id: 1, status: 1 } })
    .toArray();
  console.log(`  for scale: reading every vector from the store for one request takes ${(performance.now() - naive).toFixed(0)} ms`);
}

runBench('generation', async ({ scope, services }) => {
  const which = benchArgs()[0] ?? 'all';
  const client = scope.track('the bench MongoDB client', await MongoClient.connect(services.MONGODB_URI));
  const judged = await raceTargets(client);
  // Each half on stores of its own, its apps stopped before the next half starts.
  const halves = { articles: articleGeneration, related } as const;
  if (which !== 'all' && !(which in halves)) throw new Error(`unknown half ${which}: articles, related or none (both)`);
  for (const [half, run] of Object.entries(halves)) {
    if (which !== 'all' && which !== half) continue;
    await inOwnScope(scope, `bench_generation_${half}`, async (own) => {
      const stores = raceContentStores(own);
      const db = client.db(stores.db);
      await ensureIndexes(db, RACE_CONTENT_INDEXES);
      await run(own, services, db, stores, judged);
    });
  }
});
