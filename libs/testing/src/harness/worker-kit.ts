import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Db, MongoClient } from 'mongodb';
import { MessagingModule, type QueueDefinition, QueuePublisher, topologyOf } from '@platform/messaging';
import type { HttpSurface, PlatformApp } from '@platform/runtime';
import { ObjectStorage, type StorageOptions } from '@platform/storage';
import { startTestApp } from './http-app';
import { onNewScope, type TestScope } from './test-scope';
import { testServices, testStorageEnv } from './test-services';

/** A queue-driven worker that keeps its documents in MongoDB, as the test kit starts it. */
export interface WorkerKitOptions<Config> {
  /** The prefix of the test scope's names (its database, queue prefix and bucket). */
  scopePrefix: string;
  /** What the teardown calls the worker ('article-worker'). */
  name: string;
  /** Every queue the worker and the API publishing to it declare. */
  queues: readonly QueueDefinition[];
  load: (env: Record<string, string | undefined>) => Config;
  module: (config: Config) => DynamicModule;
  surface: HttpSurface;
  /** For a worker that writes objects: its storage settings, and a bucket of the scope's own is made for it. */
  storage?: (config: Config) => StorageOptions;
  env?: Record<string, string>;
}

/**
 * A worker against the real services with its own MongoDB database, queue prefix and (when it writes objects) bucket,
 * a publisher on the same queues (as the API that sends it jobs publishes), and direct handles on the database and
 * the bucket for arranging and asserting. `close` is the file's whole teardown: the worker, the publisher and the
 * clients, then the database, the queues and the bucket.
 */
export function startWorkerKit<Config>(options: WorkerKitOptions<Config>) {
  return onNewScope(options.scopePrefix, (scope) => startOnScope(scope, options));
}

async function startOnScope<Config>(scope: TestScope, options: WorkerKitOptions<Config>) {
  const dbName = scope.mongoDatabase();
  const queuePrefix = scope.queuePrefix(options.queues);
  const config = options.load({
    LOG_LEVEL: process.env.LOG_LEVEL,
    MONGODB_URI: testServices.mongoUri,
    MONGODB_DB: dbName,
    AMQP_URL: testServices.amqpUrl,
    QUEUE_PREFIX: queuePrefix,
    JOB_RETRY_DELAY_MS: '50',
    ...(options.storage ? testStorageEnv(scope.bucket()) : {}),
    ...options.env,
  });
  const client = scope.track('the MongoDB client', await MongoClient.connect(testServices.mongoUri));
  const db: Db = client.db(dbName);
  let storage: ObjectStorage | undefined;
  if (options.storage) {
    const store = new ObjectStorage(options.storage(config));
    scope.defer('the S3 client', () => store.destroy());
    storage = store;
  }
  const worker: PlatformApp = scope.track(options.name, await startTestApp(options.module(config), options.surface));

  @Module({ imports: [MessagingModule.forRoot({ url: testServices.amqpUrl, queues: options.queues, queuePrefix })] })
  class PublisherModule {}
  const publisherApp: INestApplicationContext = scope.track(
    'the publisher',
    await NestFactory.createApplicationContext(PublisherModule, { logger: false }),
  );

  return {
    config,
    worker,
    db,
    storage,
    publisher: publisherApp.get(QueuePublisher),
    scope,
    queues: (queue: QueueDefinition) => topologyOf(queue, queuePrefix),
    close: () => scope.close(),
  };
}

export type WorkerKit<Config> = Awaited<ReturnType<typeof startOnScope<Config>>>;
