/**
 * After a test run: finds every PostgreSQL database, MongoDB database, RabbitMQ queue, S3 bucket, Redis key and Mailpit
 * mail that still carries the run's id (TEST_RUN_ID; every test name has it, see uniqueName in libs/testing), removes it,
 * and exits 1 naming each, because a test that leaves something behind on the shared services is a defect (tests
 * tear down through TestScope). A store it cannot look into (down, or rabbitmqctl missing) fails it too: a check that
 * did not look has not passed. `bash scripts/test.sh` runs it after Jest.
 *
 *   TEST_RUN_ID=<id> node -r @swc-node/register scripts/test-leaks.ts
 */
import { execFileSync } from 'node:child_process';
import { DeleteBucketCommand, DeleteObjectsCommand, ListBucketsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { connect } from 'amqplib';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';

const runId = process.env.TEST_RUN_ID?.toLowerCase();
if (!runId || !/^[a-z0-9]{4,}$/.test(runId)) {
  console.error('[test-leaks] TEST_RUN_ID must be set to the run id (letters and digits)');
  process.exit(2);
}
// Names are prefix_<run>_<random> (buckets: prefix-<run>-<random>), possibly with a suffix after the random part.
const runPattern = new RegExp(`[_-]${runId}[_-]`);
const ofRun = (name: string) => runPattern.test(name);
const env = (name: string, fallback: string) => process.env[name] ?? fallback;

async function postgres(): Promise<string[]> {
  const client = new Client({ connectionString: env('TEST_POSTGRES_URL', 'postgres://postgres@127.0.0.1:5432/postgres') });
  await client.connect();
  try {
    const names = (await client.query<{ datname: string }>('SELECT datname FROM pg_database')).rows.map((r) => r.datname).filter(ofRun);
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return names.map((name) => `PostgreSQL database ${name}`);
  } finally {
    await client.end();
  }
}

async function mongo(): Promise<string[]> {
  const client = await MongoClient.connect(env('TEST_MONGODB_URI', 'mongodb://127.0.0.1:27017'), { serverSelectionTimeoutMS: 5000 });
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    const names = databases.map((d) => d.name).filter(ofRun);
    for (const name of names) await client.db(name).dropDatabase();
    return names.map((name) => `MongoDB database ${name}`);
  } finally {
    await client.close();
  }
}

/** Queues are listed with rabbitmqctl (AMQP cannot list); where it cannot run, the queues cannot be checked: a failure. */
async function rabbitmq(): Promise<string[]> {
  let listing: string;
  try {
    listing = execFileSync('rabbitmqctl', ['-q', 'list_queues', 'name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const why = (error as { code?: string }).code === 'ENOENT' ? 'it is not installed here' : (error as Error).message.split('\n')[0];
    throw new Error(`rabbitmqctl cannot list the queues (${why})`);
  }
  const names = listing
    .split('\n')
    .map((line) => line.trim())
    .filter(ofRun);
  if (names.length) {
    const amqp = await connect(env('TEST_AMQP_URL', 'amqp://guest:guest@127.0.0.1:5672'));
    const channel = await amqp.createChannel();
    for (const name of names) await channel.deleteQueue(name);
    await amqp.close();
  }
  return names.map((name) => `RabbitMQ queue ${name}`);
}

async function s3(): Promise<string[]> {
  const client = new S3Client({
    endpoint: env('TEST_S3_ENDPOINT', 'http://127.0.0.1:7070'),
    region: 'us-east-1',
    credentials: {
      accessKeyId: env('TEST_S3_ACCESS_KEY', 'platform-local'),
      secretAccessKey: env('TEST_S3_SECRET_KEY', 'platform-local-secret'),
    },
    forcePathStyle: true,
  });
  try {
    const names = ((await client.send(new ListBucketsCommand({}))).Buckets ?? []).map((b) => b.Name ?? '').filter(ofRun);
    for (const bucket of names) {
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
        if (!keys.length) break;
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    }
    return names.map((name) => `S3 bucket ${name}`);
  } finally {
    client.destroy();
  }
}

/**
 * Keys under a Redis prefix of the run (TestScope.redisPrefix: `<scope id>[_label]:`, the scope id carrying the run id),
 * reported by prefix.
 */
async function redis(): Promise<string[]> {
  const client = new Redis(env('TEST_REDIS_URL', 'redis://127.0.0.1:6379'), {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await client.scan(cursor, 'MATCH', `*${runId}*`, 'COUNT', 1000);
      keys.push(...found.filter(ofRun));
      cursor = next;
    } while (cursor !== '0');
    for (let i = 0; i < keys.length; i += 500) await client.del(...keys.slice(i, i + 500));
    // Each key up to the end of its segment that carries the run id: the scope's prefix.
    const prefixOf = (key: string) => {
      const end = key.indexOf(':', key.search(runPattern));
      return end === -1 ? key : key.slice(0, end + 1);
    };
    const byPrefix = new Map<string, number>();
    for (const key of keys) byPrefix.set(prefixOf(key), (byPrefix.get(prefixOf(key)) ?? 0) + 1);
    return [...byPrefix].map(([prefix, n]) => `Redis: ${n} key(s) under ${prefix}`);
  } finally {
    client.disconnect();
  }
}

/** Mail the run's apps sent to Mailpit (each from an address carrying its scope's name) and did not delete. */
async function mailpit(): Promise<string[]> {
  const api = `${process.env.TEST_MAILPIT_URL || 'http://127.0.0.1:8025'}/api/v1`;
  const found = await fetch(`${api}/search?query=${encodeURIComponent(`from:"_${runId}_"`)}&limit=1000`);
  if (!found.ok) throw new Error(`Mailpit's search answered ${found.status}`);
  const { messages } = (await found.json()) as { messages: Array<{ ID: string; From: { Address: string } | null }> };
  const ours = messages.filter((m) => ofRun(m.From?.Address.split('@')[0] ?? ''));
  if (ours.length === 0) return [];
  await fetch(`${api}/messages`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ IDs: ours.map((m) => m.ID) }),
  });
  return [...new Set(ours.map((m) => `Mailpit mail from ${m.From!.Address}`))];
}

const STORES = { PostgreSQL: postgres, MongoDB: mongo, RabbitMQ: rabbitmq, S3: s3, Redis: redis, Mailpit: mailpit };

async function main(): Promise<void> {
  // Every store is looked into, whatever another one answers; what one could not check is reported beside the leaks.
  const results = await Promise.allSettled(Object.values(STORES).map((look) => look()));
  const leaks = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  const unchecked = results.flatMap((result, i) =>
    result.status === 'rejected'
      ? [`${Object.keys(STORES)[i]}: ${result.reason instanceof Error ? result.reason.message : result.reason}`]
      : [],
  );
  if (leaks.length) {
    console.error(`[test-leaks] FAILED: run ${runId} left ${leaks.length} thing(s) behind (now removed); tear down through TestScope:`);
    for (const leak of leaks) console.error(`  ${leak}`);
  }
  if (unchecked.length) {
    console.error(`[test-leaks] FAILED: could not check ${unchecked.length} store(s) for what run ${runId} left behind:`);
    for (const why of unchecked) console.error(`  ${why}`);
  }
  if (leaks.length || unchecked.length) {
    process.exitCode = 1;
    return;
  }
  console.error(`[test-leaks] run ${runId} left nothing behind on the shared services`);
}

main().catch((error: Error) => {
  console.error(`[test-leaks] could not check: ${error.message}`);
  process.exitCode = 1;
});
