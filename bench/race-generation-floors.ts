// The floors of bench:generation: the same work as the article pipeline and its 202s, straight through the drivers
// (amqplib, the MongoDB driver), measured in the same run as the apps.
import { connect } from 'amqplib';
import { type Db, ObjectId } from 'mongodb';
import { RACE_COLLECTIONS, type RaceDocument } from '@platform/race-content-data';

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

/** The broker alone: 2 x `articles` persistent messages published with confirms and consumed with acks (prefetch 4). */
export async function brokerFloor(amqpUrl: string, prefix: string, articles: number): Promise<number> {
  const connection = await connect(amqpUrl);
  const queues = [`${prefix}floor-a`, `${prefix}floor-b`];
  try {
    const publisher = await connection.createConfirmChannel();
    const consumer = await connection.createConfirmChannel();
    for (const q of queues) await publisher.assertQueue(q, { durable: true });
    await consumer.prefetch(4);
    const started = performance.now();
    let done = 0;
    const finished = new Promise<void>((resolve) => {
      // Two hops like the worker: a message on a is acked after a confirmed publish to b; b is acked.
      void consumer.consume(queues[0], (m) => {
        if (!m) return;
        consumer.sendToQueue(queues[1], m.content, { persistent: true }, () => consumer.ack(m));
      });
      void consumer.consume(queues[1], (m) => {
        if (!m) return;
        consumer.ack(m);
        if (++done === articles) resolve();
      });
    });
    const body = Buffer.from(JSON.stringify({ race_result: raceResult }));
    await Promise.all(
      Array.from(
        { length: articles },
        () =>
          new Promise<void>((resolve, reject) =>
            publisher.sendToQueue(queues[0], body, { persistent: true }, (e) => (e ? reject(e) : resolve())),
          ),
      ),
    );
    await finished;
    return performance.now() - started;
  } finally {
    const cleanup = await connection.createChannel();
    for (const q of queues) await cleanup.deleteQueue(q);
    await connection.close();
  }
}

/**
 * The store alone: the pipeline's minimum per article, `count` articles, `concurrency` at a time: the article inserted, read by id twice
 * (generation and build), the generation claimed and the article written by id.
 */
export async function storeFloor(db: Db, count: number, concurrency: number): Promise<number> {
  const articles = db.collection('floor_articles');
  const claims = db.collection<{ _id: string }>('floor_claims');
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const _id = new ObjectId();
        await articles.insertOne({
          _id,
          race_id: raceResult.race_id,
          status: 'generating',
          body_html: '',
          updated_at: Date.now(),
          deleted_at: null,
        });
        await articles.findOne({ _id });
        await articles.findOne({ _id });
        await claims.insertOne({ _id: `${_id.toHexString()}:g` });
        await articles.updateOne({ _id }, { $set: { status: 'draft', body_html: '<p>x</p>', updated_at: Date.now() } });
      }
    }),
  );
  return performance.now() - started;
}

/**
 * The 202's own work, `count` times, `concurrency` at a time, straight through the drivers: the race read by id (in
 * each of the three race collections, as the app does), the article inserted, its job published persistent with a
 * confirm. The latency of each, in ms.
 */
export async function acceptFloor(db: Db, amqpUrl: string, prefix: string, count: number, concurrency: number): Promise<number[]> {
  const articles = db.collection('floor_accepted');
  const connection = await connect(amqpUrl);
  const queue = `${prefix}floor-accept`;
  try {
    const channel = await connection.createConfirmChannel();
    await channel.assertQueue(queue, { durable: true });
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const n = next++;
          const started = performance.now();
          // Like the app: a race id names no type, so the three race collections are searched at once.
          const found = await Promise.all(
            Object.values(RACE_COLLECTIONS).map((c) => db.collection<RaceDocument>(c).findOne({ _id: raceResult.race_id })),
          );
          const race = found.find((doc) => doc !== null);
          const _id = new ObjectId();
          await articles.insertOne({ _id, race_id: race!._id, title: `天皇賞（秋）結果 ${n}`, body_html: '', status: 'generating' });
          const job = Buffer.from(JSON.stringify({ article_id: _id.toHexString(), race_result: raceResult }));
          await new Promise<void>((resolve, reject) =>
            channel.sendToQueue(queue, job, { persistent: true }, (e) => (e ? reject(e) : resolve())),
          );
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies;
  } finally {
    const cleanup = await connection.createChannel();
    await cleanup.deleteQueue(queue);
    await connection.close();
  }
}
