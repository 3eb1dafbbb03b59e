// race-content-api at size, through HTTP against the app running as its own process on the local MongoDB-protocol
// store (FerretDB unless BENCH_MONGODB_URI points elsewhere):
//   - 100,000 races of one type, half of them with articles (one to three each): GET /v1/races?type=…&size=10
//     with article_status, on pages spread over the first 100. Target on MongoDB: p95 < 50 ms.
//   - 50,000 blogs: GET /v1/blogs?name=…&size=10 (partial, case-insensitive). Target on MongoDB: p95 < 100 ms.
// Floors, measured in the same run on the same data, run by run interleaved (alternating which goes first): the same queries sent straight through
// the driver (the page, its count and, for races, the articles of the page), so the ratio is what the app adds.
// Target everywhere: app-to-driver ratio < 1.2x (on FerretDB the only one judged: raceTargets).
// Run: bash scripts/node.sh -r @swc-node/register bench/race-content.bench.ts   (the services must be up: scripts/services.sh)
// BENCH_RUNS sets the timed requests per query (default 200). The targets are MongoDB's: point BENCH_MONGODB_URI at a
// MongoDB 7 to check them. FerretDB 1.24 (the local default, on PostgreSQL) sorts, counts and filters in Go over the
// whole collection (5 to 10 s a query at 100,000 documents), so there the figures are FerretDB's and only the ratio to
// the driver floor says something about the app.
import { get as httpGet } from 'node:http';
import { type Db, MongoClient, ObjectId } from 'mongodb';
import { ensureIndexes } from '@platform/persistence';
import { COLLECTIONS, RACE_COLLECTIONS, RACE_CONTENT_INDEXES, type RaceDocument } from '@platform/race-content-data';
import { freePort } from '@platform/testing/harness';
import { fromEnv, percentile, report, runBench, size } from './bench-kit';
import { benchToken, interleaved, raceContentStores, raceTargets, startRaceContentApi } from './race-content-kit';

const RACES = size(100_000, 200);
const BLOGS = size(50_000, 100);
const RUNS = fromEnv('BENCH_RUNS', size(200, 5));
const TOKEN = benchToken('viewer');
const TRACKS = ['東京', '京都', '中山', '阪神', '新潟', '福島', '小倉', '札幌', '函館', '中京'];
const RACE_NAMES = ['天皇賞', '有馬記念', '日本ダービー', '皐月賞', '菊花賞', '桜花賞', 'オークス', '宝塚記念', 'ジャパンカップ', '新馬戦'];

async function seed(db: Db): Promise<void> {
  const races = db.collection<RaceDocument>(RACE_COLLECTIONS.horse_racing);
  const articles = db.collection(COLLECTIONS.articles);
  const blogs = db.collection(COLLECTIONS.blogs);
  const start = Date.UTC(2000, 0, 1);
  const batch = 5000;
  for (let from = 0; from < RACES; from += batch) {
    const raceDocs: RaceDocument[] = [];
    const articleDocs = [];
    for (let i = from; i < Math.min(RACES, from + batch); i++) {
      const day = new Date(start + Math.floor(i / 12) * 86_400_000).toISOString().slice(0, 10);
      const id = `h-${String(i).padStart(7, '0')}`;
      const name = `${day}_${TRACKS[i % 10]}_${(i % 12) + 1}R_${RACE_NAMES[i % 10]}`;
      const result = {
        race_id: id,
        race_date: day,
        track_name: TRACKS[i % 10],
        race_number: String((i % 12) + 1),
        race_name: RACE_NAMES[i % 10],
        weather: '晴',
        entries: [
          { rank: 1, number: 3, name: 'ハヤテ', time: '1:58.0', odds: 3.4 },
          { rank: 2, number: 7, name: 'サクラ', time: '1:58.2', odds: 5.1 },
        ],
      };
      const now = start + i;
      raceDocs.push({
        _id: id,
        name,
        race_result_json: JSON.stringify(result),
        prediction_json: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      if (i % 2 === 0) {
        for (let a = 0; a < 1 + (i % 3); a++) {
          articleDocs.push({
            _id: new ObjectId(),
            race_id: id,
            title: `${name} 回顧`,
            body_html: '<p>本文</p>',
            status: ['draft', 'published', 'failed'][a],
            opening_at: now,
            closing_at: null,
            accuracy_test_data_json: null,
            generation_error: null,
            custom_prompt: null,
            created_at: now + a,
            updated_at: now + a,
            deleted_at: null,
          });
        }
      }
    }
    await races.insertMany(raceDocs, { ordered: false });
    await articles.insertMany(articleDocs, { ordered: false });
  }
  for (let from = 0; from < BLOGS; from += batch) {
    const blogDocs = [];
    for (let i = from; i < Math.min(BLOGS, from + batch); i++) {
      const now = start + i;
      blogDocs.push({
        _id: new ObjectId(),
        name: `${TRACKS[i % 10]} ${RACE_NAMES[(i * 7) % 10]} ${i % 2 ? '回顧' : '予想'} Vol.${i}`,
        race_id: null,
        race_type: 'horse_racing',
        blog_type: null,
        old_blog_id: i % 5 === 0 ? new ObjectId().toHexString() : null,
        source_url: null,
        category_id: null,
        body_html: '<h2>x</h2><p>本文</p>',
        status: 'draft',
        embedding: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
    }
    await blogs.insertMany(blogDocs, { ordered: false });
  }
}

function get(url: string, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode} for ${url}`));
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    })
      .setTimeout(timeoutMs, function (this: { destroy: (e: Error) => void }) {
        this.destroy(new Error(`no answer within ${timeoutMs} ms`));
      })
      .on('error', reject);
  });
}

type Targets = Awaited<ReturnType<typeof raceTargets>>;

function figure(label: string, app: number[], floor: number[], target: number, { targets, label: note }: Targets): void {
  console.log(`${label}: median ${percentile(app, 0.5).toFixed(1)} ms; driver floor median ${percentile(floor, 0.5).toFixed(1)} ms`);
  report({
    figure: `${label}, p95 of ${app.length} (floor: the same queries through the driver${note(`< ${target} ms`)})`,
    value: percentile(app, 0.95),
    unit: 'ms',
    floor: percentile(floor, 0.95),
    targets: targets({ op: '<', limit: target }),
  });
}

runBench('race', async ({ scope, services }) => {
  const stores = raceContentStores(scope);
  const client = scope.track('the bench MongoDB client', await MongoClient.connect(services.MONGODB_URI));
  const db = client.db(stores.db);
  const targets = await raceTargets(client);
  const port = await freePort();
  const started = performance.now();
  await seed(db);
  await ensureIndexes(db, RACE_CONTENT_INDEXES);
  console.log(`seeded ${RACES} races, their articles and ${BLOGS} blogs in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await startRaceContentApi(scope, services, stores, port, { LOG_LEVEL: 'info' });
  const base = `http://127.0.0.1:${port}`;
  const pageOf = (run: number) => 1 + ((run * 37) % 100);

  // Warm both paths, then measure them interleaved run by run.
  for (let i = 0; i < Math.min(10, RUNS); i++) await get(`${base}/v1/races?type=horse_racing&size=10&page=${pageOf(i)}`);
  const races = db.collection<RaceDocument>(RACE_COLLECTIONS.horse_racing);
  const articles = db.collection(COLLECTIONS.articles);
  const raceFloor = async (run: number) => {
    const page = pageOf(run);
    const [docs] = await Promise.all([
      races
        .find({ deleted_at: null })
        .sort({ name: -1, _id: -1 })
        .skip((page - 1) * 10)
        .limit(10)
        .toArray(),
      races.countDocuments({ deleted_at: null }),
    ]);
    await articles
      .find({ race_id: { $in: docs.map((d) => d._id) }, deleted_at: null }, { projection: { race_id: 1, status: 1 } })
      .sort({ race_id: 1, created_at: -1, _id: -1 })
      .toArray();
  };
  const raceRuns = await interleaved(RUNS, (run) => get(`${base}/v1/races?type=horse_racing&size=10&page=${pageOf(run)}`), raceFloor);
  figure(`GET /v1/races, ${RACES} races, page of 10 with article_status`, raceRuns.app, raceRuns.floor, 50, targets);

  const blogs = db.collection(COLLECTIONS.blogs);
  const names = ['天皇賞', '有馬', 'vol.4242', '回顧', 'ジャパン'];
  const blogFloor = async (run: number) => {
    const pattern = new RegExp(names[run % names.length].replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'i');
    const filter = { deleted_at: null, name: pattern };
    await Promise.all([blogs.find(filter).sort({ updated_at: -1, _id: -1 }).limit(10).toArray(), blogs.countDocuments(filter)]);
  };
  for (let i = 0; i < Math.min(5, RUNS); i++) await get(`${base}/v1/blogs?size=10&name=${encodeURIComponent(names[i])}`);
  const blogRuns = await interleaved(
    RUNS,
    (run) => get(`${base}/v1/blogs?size=10&name=${encodeURIComponent(names[run % names.length])}`),
    blogFloor,
  );
  figure(`GET /v1/blogs?name=…, ${BLOGS} blogs, page of 10`, blogRuns.app, blogRuns.floor, 100, targets);
});
