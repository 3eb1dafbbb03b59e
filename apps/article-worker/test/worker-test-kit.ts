import { type INestApplication, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Db, MongoClient, ObjectId } from 'mongodb';
import { MessagingModule, type QueueDefinition, QueuePublisher, topologyOf } from '@platform/messaging';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { deleteQueueTopologies, startTestApp, testServices, uniqueName } from '@platform/testing';
import { AppModule } from '../src/app.module';
import { type ArticleWorkerConfig, loadArticleWorkerConfig } from '../src/config';
import { ARTICLE_WORKER_HTTP } from '../src/http-surface';

/**
 * A worker against the real services with its own database and queue prefix, a publisher app on the
 * same queues (as race-content-api publishes), and a direct database handle for arranging and asserting.
 */
export async function startWorkerKit(env: Record<string, string> = {}) {
  const id = uniqueName('aw');
  const config: ArticleWorkerConfig = loadArticleWorkerConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    MONGODB_URI: testServices.mongoUri,
    MONGODB_DB: id,
    AMQP_URL: testServices.amqpUrl,
    QUEUE_PREFIX: `${id}.`,
    JOB_RETRY_DELAY_MS: '50',
    ...env,
  });
  const worker: INestApplication = await startTestApp(AppModule.register(config), ARTICLE_WORKER_HTTP);

  @Module({ imports: [MessagingModule.forRoot({ url: testServices.amqpUrl, queues: RACE_CONTENT_QUEUE_LIST, queuePrefix: `${id}.` })] })
  class PublisherModule {}
  const publisherApp: INestApplicationContext = await NestFactory.createApplicationContext(PublisherModule, { logger: false });

  const client = await MongoClient.connect(testServices.mongoUri);
  const db: Db = client.db(id);

  return {
    config,
    worker,
    db,
    publisher: publisherApp.get(QueuePublisher),
    queues: (queue: QueueDefinition) => topologyOf(queue, `${id}.`),

    async insertGeneratingArticle(raceId: string, generationId: string | null = null, now = Date.now()): Promise<string> {
      const { insertedId } = await db.collection('articles').insertOne({
        _id: new ObjectId(),
        race_id: raceId,
        title: 'Result',
        body_html: '',
        status: 'generating',
        opening_at: now,
        closing_at: null,
        accuracy_test_data: null,
        generation_error: null,
        custom_prompt: null,
        generation_id: generationId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      return insertedId.toHexString();
    },

    article: (id: string) => db.collection('articles').findOne({ _id: new ObjectId(id) }),

    async close() {
      await worker.close();
      await publisherApp.close();
      await deleteQueueTopologies(RACE_CONTENT_QUEUE_LIST, `${id}.`);
      await db.dropDatabase();
      await client.close();
    },
  };
}

export type WorkerKit = Awaited<ReturnType<typeof startWorkerKit>>;

export const horseRaceResult = {
  race_id: 'h-2026-11-01-11',
  race_date: '2026-11-01',
  track_name: '東京',
  race_number: '11',
  race_name: '天皇賞',
  weather: '晴',
  entries: [
    { rank: 1, name: 'ハヤテ', number: 3, time: '1:56.8' },
    { rank: 2, name: 'サクラ', number: 5 },
  ],
};
