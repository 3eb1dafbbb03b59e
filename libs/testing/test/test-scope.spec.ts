import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';
import { MessagingModule, defineQueue } from '@platform/messaging';
import { remainingQueues, TestScope, testServices } from '../src/harness';

class Ping {}
const QUEUES = [defineQueue('scope-test-a', Ping), defineQueue('scope-test-b', Ping)];

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: testServices.postgresUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('TestScope: the one teardown of every test file', () => {
  it('drops a database only once its sessions have ended, so a client still closing is never cut off', async () => {
    // pool.end() resolves before its connections have closed. A forced drop right after it cut such a connection
    // off ("terminating connection due to administrator command"), an unhandled 'error' event that crashed a
    // Jest worker. Here a client finishes closing 300 ms after its closer returned, as a pool's clients do.
    const scope = new TestScope('scope_late');
    const database = await scope.database();
    const client = new Client({ connectionString: database.url, application_name: 'closing-late' });
    const errors: string[] = [];
    client.on('error', (error) => errors.push(error.message));
    await client.connect();
    const ended = new Promise((resolve) => client.once('end', resolve));
    scope.defer('a client that closes late', () => void setTimeout(() => void client.end().catch(() => undefined), 300));
    await scope.close();
    await ended;
    expect(errors).toEqual([]);
    expect(await databaseExists(database.name)).toBe(false);
  });

  it('ends its own pools before the drop: idle connections close cleanly, round after round', async () => {
    const errors: string[] = [];
    for (let round = 0; round < 5; round++) {
      const scope = new TestScope('scope_pool');
      const database = await scope.database();
      const pool = scope.pool({ connectionString: database.url, max: 5 });
      pool.on('error', (error) => errors.push(error.message));
      await Promise.all(Array.from({ length: 5 }, () => pool.query('SELECT pg_sleep(0.01)')));
      expect(pool.idleCount).toBe(5);
      await scope.close();
      expect(await databaseExists(database.name)).toBe(false);
    }
    expect(errors).toEqual([]);
  });

  it('closes what it tracks, last registered first, before any store is removed', async () => {
    const scope = new TestScope('scope_order');
    const database = await scope.database();
    const order: string[] = [];
    scope.defer('first', async () => order.push(`first, database there: ${await databaseExists(database.name)}`));
    scope.track('second', { close: () => order.push('second') });
    await scope.close();
    expect(order).toEqual(['second', 'first, database there: true']);
    expect(await databaseExists(database.name)).toBe(false);
  });

  it('removes every queue an app declared under its prefix: the broker holds none of them afterwards', async () => {
    const scope = new TestScope('scope_queues');
    const prefix = scope.queuePrefix(QUEUES);
    @Module({ imports: [MessagingModule.forRoot({ url: testServices.amqpUrl, queues: QUEUES, queuePrefix: prefix })] })
    class DeclaringModule {}
    scope.track('the declaring app', await NestFactory.createApplicationContext(DeclaringModule, { logger: false }));
    expect((await remainingQueues(QUEUES, prefix)).sort()).toEqual(
      QUEUES.flatMap((q) => [`${prefix}${q.name}`, `${prefix}${q.name}.retry`, `${prefix}${q.name}.dlq`]).sort(),
    );
    await scope.close();
    expect(await remainingQueues(QUEUES, prefix)).toEqual([]);
  });

  it('drops its MongoDB databases and deletes its buckets with their objects', async () => {
    const scope = new TestScope('scope_stores');
    const dbName = scope.mongoDatabase();
    const bucket = scope.bucket();
    const mongo = await MongoClient.connect(testServices.mongoUri);
    const s3 = new S3Client({
      endpoint: testServices.s3.endpoint,
      region: testServices.s3.region,
      credentials: testServices.s3,
      forcePathStyle: true,
    });
    try {
      await mongo.db(dbName).collection('things').insertOne({ a: 1 });
      const { ObjectStorage } = await import('@platform/storage');
      const storage = new ObjectStorage({ ...testServices.s3, bucket, forcePathStyle: true });
      await storage.ensureBucket();
      await storage.put('a/b.txt', Buffer.from('x'), 'text/plain');
      storage.destroy();
      await scope.close();
      const { databases } = await mongo.db('admin').admin().listDatabases({ nameOnly: true });
      expect(databases.map((d) => d.name)).not.toContain(dbName);
      await expect(s3.send(new HeadBucketCommand({ Bucket: bucket }))).rejects.toMatchObject({ name: 'NotFound' });
    } finally {
      await mongo.close();
      s3.destroy();
    }
  });

  it('fails the file when something it was not told about still holds a database, naming it, and drops it anyway', async () => {
    const scope = new TestScope('scope_leak', { dropTimeoutMs: 300 });
    const database = await scope.database();
    const leaked = new Client({ connectionString: database.url, application_name: 'forgotten-client' });
    leaked.on('error', () => undefined);
    await leaked.connect();
    await expect(scope.close()).rejects.toThrow(/still connected at teardown \(forgotten-client x1\)/);
    expect(await databaseExists(database.name)).toBe(false);
    await leaked.end().catch(() => undefined);
  });

  it('goes on with the other steps when one fails, and reports every failure', async () => {
    const scope = new TestScope('scope_failures');
    const database = await scope.database();
    scope.defer('a client that fails to close', () => Promise.reject(new Error('socket already gone')));
    await expect(scope.close()).rejects.toThrow(/closing a client that fails to close: socket already gone/);
    expect(await databaseExists(database.name)).toBe(false);
  });
});
