import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect } from 'amqplib';
import { MongoClient, ObjectId } from 'mongodb';
import { MessagingModule, QueuePublisher } from '@platform/messaging';
import { RACE_CONTENT_QUEUE_LIST, RACE_CONTENT_QUEUES } from '@platform/race-content-data';
import { NotYet, waitFor } from '@platform/testing/harness';
import { PLATFORM_MONGODB_DB, PLATFORM_VHOST, machineServices } from './cluster-kit';

const race = {
  race_date: '2026-11-28',
  track_name: '東京',
  race_number: '11',
  race_name: 'ジャパンカップ',
  weather: '晴',
  entries: [
    { rank: 1, name: 'ハヤテ', number: 3, time: '2:22.8' },
    { rank: 2, name: 'サクラ', number: 5 },
  ],
};

export interface Batch {
  raceId: string;
  length: number;
}

/**
 * Article generation jobs for the platform on the cluster, the way race-content-api makes them: a "generating" article
 * in the platform's MongoDB database, then its job on article-generation in the platform's vhost. state() says how
 * many of a batch are done (drafted), failed, still queued and, the rest, in flight in a worker.
 */
export async function workerJobs() {
  const services = machineServices();
  const amqpUrl = `${services.AMQP_URL.replace(/\/$/, '')}/${PLATFORM_VHOST}`;
  const mongo = await MongoClient.connect(services.MONGODB_URI);
  const articles = mongo.db(PLATFORM_MONGODB_DB).collection('articles');
  @Module({ imports: [MessagingModule.forRoot({ url: amqpUrl, queues: RACE_CONTENT_QUEUE_LIST, queuePrefix: '' })] })
  class PublisherModule {}
  const app = await NestFactory.createApplicationContext(PublisherModule, { logger: false });
  const broker = await connect(amqpUrl);
  const channel = await broker.createChannel();
  return {
    /** `count` jobs of one race of their own (its id tells this batch's articles from any other). */
    async publish(count: number): Promise<Batch> {
      const now = Date.now();
      const raceId = `k8s-${now.toString(36)}`;
      const docs = Array.from({ length: count }, () => ({
        _id: new ObjectId(),
        race_id: raceId,
        title: 'Result',
        body_html: '',
        status: 'generating',
        opening_at: now,
        closing_at: null,
        accuracy_test_data_json: null,
        generation_error: null,
        custom_prompt: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      }));
      await articles.insertMany(docs);
      const publisher = app.get(QueuePublisher);
      for (let i = 0; i < docs.length; i += 50) {
        await Promise.all(
          docs.slice(i, i + 50).map((doc) =>
            publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, {
              article_id: doc._id.toHexString(),
              race_id: raceId,
              racing_type: 'horse_racing' as const,
              title: 'Result',
              race_result: { ...race, race_id: raceId },
            }),
          ),
        );
      }
      return { raceId, length: count };
    },
    async state(batch: Batch) {
      const [done, failed, queue] = await Promise.all([
        articles.countDocuments({ race_id: batch.raceId, status: 'draft' }),
        articles.countDocuments({ race_id: batch.raceId, status: 'failed' }),
        channel.checkQueue(RACE_CONTENT_QUEUES.articleGeneration.name),
      ]);
      return { done, failed, queued: queue.messageCount, inFlight: Math.max(0, batch.length - done - failed - queue.messageCount) };
    },
    /** Waits until every job of the batch is done (or one failed, which the caller's expectation then shows). */
    async allDone(batch: Batch, timeoutMs: number) {
      return waitFor(
        async () => {
          const now = await this.state(batch);
          if (now.done + now.failed < batch.length) throw new NotYet(`${now.done} of ${batch.length} done`);
          return now;
        },
        { timeoutMs, intervalMs: 1000, what: `the ${batch.length} jobs done` },
      );
    },
    /** Removes the batch's articles: FerretDB scans a collection whole, so what a run leaves slows every later job. */
    async remove(batch: Batch) {
      await articles.deleteMany({ race_id: batch.raceId });
    },
    async close() {
      await channel.close().catch(() => undefined);
      await broker.close().catch(() => undefined);
      await app.close();
      await mongo.close();
    },
  };
}
