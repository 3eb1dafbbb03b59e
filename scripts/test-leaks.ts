/**
 * After a test run: finds every PostgreSQL database, MongoDB database, RabbitMQ queue, S3 bucket and Mailpit mail
 * that still carries the run's id (TEST_RUN_ID; every test name has it, see uniqueName in libs/testing), removes it, and
 * exits 1 naming each, because a test that leaves something behind on the shared services is a defect (tests
 * tear down through TestScope). `bash scripts/test.sh` runs it after Jest.
 *
 *   TEST_RUN_ID=<id> node -r @swc-node/register scripts/test-leaks.ts
 */
import { execFileSync } from 'node:child_process';
import { DeleteBucketCommand, DeleteObjectsCommand, ListBucketsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { connect } from 'amqplib';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';

const runId = process.env.TEST_RUN_ID?.toLowerCase();
if (!runId || !/^[a-z0-9]{4,}$/.test(runId)) {
  console.error('[test-leaks] TEST_RUN_ID must be set to the run id (letters and digits)');
  process.exit(2);
}
// Names are prefix_<run>_<random> (buckets: prefix-<run>-<random>), possibly with a suffix after the random part.
const ofRun = (name: string) => new RegExp(`[_-]${runId}[_-]`).test(name);
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

/** Queues are listed with rabbitmqctl (AMQP cannot list); where it cannot run, the check says so and passes. */
async function rabbitmq(): Promise<string[]> {
  let listing: string;
  try {
    listing = execFileSync('rabbitmqctl', ['-q', 'list_queues', 'name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    console.error('[test-leaks] rabbitmqctl cannot list the queues here: queue leaks not checked');
    return [];
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

/** Mail the run's apps sent to Mailpit (each from an address carrying its scope's name) and did not delete. */
async function mailpit(): Promise<string[]> {
  const api = `${process.env.TEST_MAILPIT_URL || 'http://127.0.0.1:8025'}/api/v1`;
  const found = await fetch(`${api}/search?query=${encodeURIComponent(`from:"_${runId}_"`)}&limit=1000`).catch(() => undefined);
  // No mail catcher answering: no test of the run could have sent mail there.
  if (!found?.ok) return [];
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

async function main(): Promise<void> {
  const leaks = (await Promise.all([postgres(), mongo(), rabbitmq(), s3(), mailpit()])).flat();
  if (leaks.length === 0) {
    console.error(`[test-leaks] run ${runId} left nothing behind on the shared services`);
    return;
  }
  console.error(`[test-leaks] FAILED: run ${runId} left ${leaks.length} thing(s) behind (now removed); tear down through TestScope:`);
  for (const leak of leaks) console.error(`  ${leak}`);
  process.exitCode = 1;
}

main().catch((error: Error) => {
  console.error(`[test-leaks] could not check: ${error.message}`);
  process.exitCode = 1;
});
