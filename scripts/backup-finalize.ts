// After `bash scripts/backup.sh restore` has put every store back (run by it, with the apps stopped): what a restore
// leaves inconsistent, repaired, and one JSON line saying what was done (docs/operations/backup.md, "After a restore").
//  - MongoDB's indexes: the ones race content's code declares (RACE_CONTENT_INDEXES), created as the apps create them
//    at start; the backup holds none (scripts/lib/backup-mongo.mjs keeps documents only).
//  - Token versions (Redis is not backed up): every user's is raised past its current value and past the time in
//    milliseconds (RedisUserVersions.raiseTo), so no access token issued before the restore verifies at any app, even
//    when Redis was lost too and counting would have started again at versions old tokens carry.
//  - Imports pending or processing: their queue messages are not in the backup, so they fail with a reason that says
//    to import the file again.
//  - Articles and blogs generating: their jobs are not in the backup; they fail (articles) or go back to draft
//    (blogs) now, as the workers' stuck sweeper would after GENERATION_STUCK_AFTER_MS.
//  - Media whose object is not in the restored bucket (deleted or renamed while the backup ran): soft-deleted, as the
//    delete route does; media names held by no live media are freed, and a live media whose name was reserved after
//    the backup read the names gets it reserved again.
//  - Reported only: objects that no media names (uploaded while the backup ran), and AI jobs still waiting for the
//    provider's callback.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ensureIndexes, RedisUserVersions } from '@platform/persistence';
import { ArticleStore, BlogStore, MediaStore, RACE_CONTENT_INDEXES } from '@platform/race-content-data';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';

const RESTORED = 'interrupted by a restore from backup: start it again';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function bucketKeys(): Promise<Set<string>> {
  const s3 = new S3Client({
    endpoint: process.env.S3_ENDPOINT || undefined,
    region: process.env.S3_REGION || 'us-east-1',
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    credentials: { accessKeyId: env('S3_ACCESS_KEY_ID'), secretAccessKey: env('S3_SECRET_ACCESS_KEY') },
  });
  const keys = new Set<string>();
  try {
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: env('MEDIA_S3_BUCKET'), ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.add(object.Key);
      token = page.NextContinuationToken;
    } while (token);
  } finally {
    s3.destroy();
  }
  return keys;
}

async function repairPostgres(db: Client, versions: RedisUserVersions) {
  const users = await db.query<{ id: number }>('SELECT id FROM recruiting.users ORDER BY id');
  const floor = Date.now();
  for (const { id } of users.rows) await versions.raiseTo(id, floor);
  const imports = await db.query(
    `UPDATE recruiting.import_logs SET status = 'failed', failure = $1, finished_at = now(), updated_at = now()
      WHERE status IN ('pending', 'processing')`,
    [`The import was ${RESTORED}`],
  );
  const aiJobs = await db.query<{ count: string }>('SELECT count(*) FROM ai_jobs.ai_job WHERE status = 0');
  return { tokenVersionsBumped: users.rowCount, importsFailed: imports.rowCount, aiJobsAwaitingCallback: Number(aiJobs.rows[0].count) };
}

async function repairMongo(mongo: MongoClient) {
  const db = mongo.db(env('MONGODB_DB'));
  await ensureIndexes(db, RACE_CONTENT_INDEXES);
  const now = Date.now();
  const articles = new ArticleStore(db);
  const blogs = new BlogStore(db);
  let articlesFailed = 0;
  let blogsReleased = 0;
  for (let n; (n = await articles.failStuck(now + 1, RESTORED, now)) > 0;) articlesFailed += n;
  for (let n; (n = await blogs.releaseStuck(now + 1, RESTORED, 100, now)) > 0;) blogsReleased += n;
  const medias = new MediaStore(db);
  const keys = await bucketKeys();
  const referenced = new Set<string>();
  let mediaWithoutObject = 0;
  for await (const media of medias.live()) {
    referenced.add(media.key);
    if (keys.has(media.key)) continue;
    if (await medias.softDelete(media, now)) mediaWithoutObject++;
    await medias.releaseName(media.name, media._id);
  }
  const mediaNamesFreed = await medias.releaseNamesWithoutLiveMedia();
  const names = await medias.reserveMissingNames(now);
  const unreferencedObjects = [...keys].filter((key) => !referenced.has(key)).length;
  return {
    articlesFailed,
    blogsReleased,
    mediaWithoutObject,
    mediaNamesFreed,
    mediaNamesReserved: names.reserved,
    mediaNameConflicts: names.conflicts,
    unreferencedObjects,
  };
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: env('DATABASE_URL'), application_name: 'backup-finalize' });
  const redis = new Redis(env('REDIS_URL'), { lazyConnect: true, maxRetriesPerRequest: 1 });
  const mongo = new MongoClient(env('MONGODB_URI'));
  await Promise.all([db.connect(), redis.connect(), mongo.connect()]);
  try {
    const versions = new RedisUserVersions(redis, process.env.AUTH_KEY_PREFIX || 'auth:');
    const summary = { ...(await repairPostgres(db, versions)), ...(await repairMongo(mongo)) };
    process.stdout.write(`${JSON.stringify({ msg: 'restore finalized', ...summary })}\n`);
  } finally {
    await Promise.allSettled([db.end(), redis.quit(), mongo.close()]);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`[backup] FAILED: finalizing the restore: ${error.message}\n`);
  process.exit(1);
});
