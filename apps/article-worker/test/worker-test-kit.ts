import { type INestApplication, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Db, MongoClient, ObjectId } from 'mongodb';
import { MessagingModule, type QueueDefinition, QueuePublisher, topologyOf } from '@platform/messaging';
import { type ArticleDocument, generatingArticle, RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { startTestApp, onNewScope, TestScope, testServices } from '@platform/testing';
import { AppModule } from '../src/app.module';
import { type ArticleWorkerConfig, loadArticleWorkerConfig } from '../src/config';
import { ARTICLE_WORKER_HTTP } from '../src/http-surface';

/**
 * A worker against the real services with its own database and queue prefix, a publisher app on the
 * same queues (as race-content-api publishes), and a direct database handle for arranging and asserting.
 */
export async function startWorkerKit(env: Record<string, string> = {}) {
  return onNewScope('aw', (scope) => startOnScope(scope, env));
}

async function startOnScope(scope: TestScope, env: Record<string, string>) {
  const dbName = scope.mongoDatabase();
  const queuePrefix = scope.queuePrefix(RACE_CONTENT_QUEUE_LIST);
  const config: ArticleWorkerConfig = loadArticleWorkerConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    MONGODB_URI: testServices.mongoUri,
    MONGODB_DB: dbName,
    AMQP_URL: testServices.amqpUrl,
    QUEUE_PREFIX: queuePrefix,
    JOB_RETRY_DELAY_MS: '50',
    ...env,
  });
  const client = scope.track('the MongoDB client', await MongoClient.connect(testServices.mongoUri));
  const db: Db = client.db(dbName);
  const worker: INestApplication = scope.track('article-worker', await startTestApp(AppModule.register(config), ARTICLE_WORKER_HTTP));

  @Module({ imports: [MessagingModule.forRoot({ url: testServices.amqpUrl, queues: RACE_CONTENT_QUEUE_LIST, queuePrefix })] })
  class PublisherModule {}
  const publisherApp: INestApplicationContext = scope.track(
    'the publisher',
    await NestFactory.createApplicationContext(PublisherModule, { logger: false }),
  );

  return {
    config,
    worker,
    db,
    publisher: publisherApp.get(QueuePublisher),
    scope,
    queues: (queue: QueueDefinition) => topologyOf(queue, queuePrefix),

    async insertGeneratingArticle(raceId: string, generationId: string | null = null, now = Date.now()): Promise<string> {
      const article = generatingArticle({ race_id: raceId, title: 'Result', opening_at: now, closing_at: null }, generationId, now);
      await db.collection<ArticleDocument>('articles').insertOne(article);
      return article._id.toHexString();
    },

    article: (id: string) => db.collection('articles').findOne({ _id: new ObjectId(id) }),

    /** The file's whole teardown: the worker, the publisher and the client, then the database and the queues. */
    close: () => scope.close(),
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
