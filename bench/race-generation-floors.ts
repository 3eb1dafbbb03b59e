// The floors of bench:generation: the same work as the article pipeline and its 202s, straight through the drivers
// (amqplib, the MongoDB driver), measured in the same run as the apps.
import { type Channel, type ConfirmChannel, type ConsumeMessage, connect } from 'amqplib';
import { type Db, ObjectId } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { ensureIndexes } from '@platform/persistence';
import {
  type ArticleDocument,
  COLLECTIONS,
  generatingArticle,
  RACE_COLLECTIONS,
  RACE_CONTENT_INDEXES,
  type RaceDocument,
} from '@platform/race-content-data';

/** The race result every generated article is written from. */
export const raceResult = {
  race_id: 'h-bench-1',
  race_date: '2026-11-01',
  track_name: '東京',
  race_number: '11',
  race_name: '天皇賞（秋）',
  weather: '晴',
  track_condition: '良',
  entries: [
    { rank: 1, number: 7, name: 'ハヤテノカゼ', time: '1:56.8', odds: 3.4, popularity: 1 },
    { rank: 2, number: 11, name: 'サクラブライト', time: '1:57.0', margin: '1 1/4', odds: 4.1, popularity: 2 },
    { rank: 3, number: 3, name: 'ミッドナイトラン', time: '1:57.1', margin: '1/2', odds: 12.6, popularity: 5 },
  ],
};

/** What the worker writes into a drafted article, taken from one the app drafted in the same run. */
export interface Draft {
  body_html: string;
  accuracy_test_data_json: string | null;
  ng_word_hits: string[];
}

export interface PipelineFloor {
  /** From the first request to the last build job acknowledged, ms. */
  total: number;
  /** Each request's latency (race read, insert, confirmed publish), ms. */
  latencies: number[];
}

/**
 * The store calls of one article, through the driver, on collections of their own (`floor_<label>_…`, the articles'
 * with the articles' indexes): the race read by id, the article inserted, a live article read by id, the draft
 * finished (claim inserted, article written by id).
 */
async function floorStore(db: Db, label: string, draft: Draft) {
  const name = `floor_${label}_articles`;
  const articles = db.collection<ArticleDocument>(name);
  const claims = db.collection<{ _id: string; outcome: string; at: number }>(`floor_${label}_claims`);
  const races = db.collection<RaceDocument>(RACE_COLLECTIONS.horse_racing);
  const indexes = RACE_CONTENT_INDEXES.filter((index) => index.collection === COLLECTIONS.articles);
  await ensureIndexes(
    db,
    indexes.map((index) => ({ ...index, collection: name })),
  );
  return {
    async readRace() {
      const race = await races.findOne({ _id: raceResult.race_id });
      if (!race || race.deleted_at !== null) throw new Error('the floor race is not live');
      return race;
    },
    async insert(race: RaceDocument, n: number) {
      const fields = { race_id: race._id, title: `天皇賞（秋）結果 ${n}`, opening_at: Date.now(), closing_at: null };
      const article = generatingArticle(fields, randomUUID(), Date.now());
      await articles.insertOne(article);
      return article;
    },
    async readLive(id: string) {
      const article = await articles.findOne({ _id: new ObjectId(id) });
      if (!article || article.deleted_at !== null || article.status !== 'generating')
        throw new Error(`floor article ${id} is not generating`);
      return article;
    },
    async finish(article: ArticleDocument) {
      const now = Date.now();
      await claims.insertOne({ _id: `${article._id.toHexString()}:${article.generation_id}`, outcome: 'draft', at: now });
      await articles.updateOne({ _id: article._id }, { $set: { status: 'draft', generation_error: null, ...draft, updated_at: now } });
    },
  };
}

/**
 * For scale, not a floor: the same store calls, each article's six as one chain, `concurrency` chains at a time,
 * without the broker and without the two consumers' concurrency (ms).
 */
export async function storeChains(db: Db, count: number, concurrency: number, draft: Draft): Promise<number> {
  const store = await floorStore(db, 'chains', draft);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const article = await store.insert(await store.readRace(), next++);
        await store.readLive(article._id.toHexString());
        await store.finish(await store.readLive(article._id.toHexString()));
      }
    }),
  );
  return performance.now() - started;
}

/**
 * The article pipeline's store and broker work straight through the drivers, at the app's concurrency and at once,
 * like the app: `concurrency` clients each read the race by id in its collection, insert the article (into a
 * collection with the articles' indexes) and publish its job persistent with a confirm (the 202's work, timed);
 * meanwhile a consumer (prefetch `prefetch`) reads each article by id and publishes its build job with a confirm,
 * and a second one (prefetch `prefetch`) reads the article by id, claims its generation (unique insert) and writes
 * the draft by id. The minimum of the work: the race can change or go, so it is read for every request; its type
 * cannot, so it is not (the app remembers it); the article is read once per job, as each job must see that it
 * still waits for this generation.
 */
export async function pipelineFloor(
  db: Db,
  amqpUrl: string,
  prefix: string,
  options: { articles: number; concurrency: number; prefetch: number; draft: Draft },
): Promise<PipelineFloor> {
  const { articles: count, concurrency, prefetch, draft } = options;
  const store = await floorStore(db, 'pipeline', draft);
  const connection = await connect(amqpUrl);
  const [generation, builder] = [`${prefix}floor-generation`, `${prefix}floor-builder`];
  try {
    const api = await connection.createConfirmChannel();
    const publisher = await connection.createConfirmChannel();
    const consumers = [await connection.createChannel(), await connection.createChannel()];
    for (const q of [generation, builder]) await api.assertQueue(q, { durable: true });
    for (const c of consumers) await c.prefetch(prefetch);
    const publish = (channel: ConfirmChannel, queue: string, body: unknown) =>
      new Promise<void>((resolve, reject) =>
        channel.sendToQueue(queue, Buffer.from(JSON.stringify(body)), { persistent: true }, (e) => (e ? reject(e) : resolve())),
      );
    let failure: Error | undefined;
    let drafted = 0;
    const finished = new Promise<void>((resolve, reject) => {
      const handle = (channel: Channel, work: (job: { article_id: string }) => Promise<void>) => (message: ConsumeMessage | null) => {
        if (!message) return;
        work(JSON.parse(message.content.toString('utf8')) as { article_id: string })
          .then(() => channel.ack(message))
          .catch((error: Error) => reject((failure = error)));
      };
      void consumers[0].consume(
        generation,
        handle(consumers[0], async (job) => {
          await store.readLive(job.article_id);
          await publish(publisher, builder, { ...job, body_html: draft.body_html, accuracy_test_data: draft.accuracy_test_data_json });
        }),
      );
      void consumers[1].consume(
        builder,
        handle(consumers[1], async (job) => {
          await store.finish(await store.readLive(job.article_id));
          if (++drafted === count) resolve();
        }),
      );
    });
    finished.catch(() => undefined); // awaited below, after the requests
    const started = performance.now();
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count && !failure) {
          const sent = performance.now();
          const race = await store.readRace();
          const article = await store.insert(race, next++);
          await publish(api, generation, {
            article_id: article._id.toHexString(),
            race_id: race._id,
            racing_type: 'horse_racing',
            title: article.title,
            race_result: JSON.parse(race.race_result_json) as unknown,
            generation_id: article.generation_id,
          });
          latencies.push(performance.now() - sent);
        }
      }),
    );
    await finished;
    return { total: performance.now() - started, latencies };
  } finally {
    const cleanup = await connection.createChannel();
    for (const q of [generation, builder]) await cleanup.deleteQueue(q);
    await connection.close();
  }
}
