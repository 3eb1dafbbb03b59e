import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { RedisUserVersions, migrateDatabase } from '@platform/persistence';
import { deleteBucket, testServices, type TestDatabase } from '@platform/testing/harness';
import { Redis } from 'ioredis';
import { Binary, Long, ObjectId } from 'mongodb';
import type { Pool } from 'pg';
import request from 'supertest';
import { AI_JOBS_DATABASE } from '../../apps/ai-webhook/src/database/database';
import { createRaces, FIXTURES } from '../../apps/race-content-api/test/fixtures';
import { as, type RaceContentKit, startRaceContentKit } from '../../apps/race-content-api/test/test-app';
import { RECRUITING_DATABASE } from '../../apps/recruiting-api/src/database/database';
import { SURVEY_BUILDER_DATABASE } from '../../apps/survey-builder-api/src/database/database';
import { bucketSnapshot, mongoSnapshot, postgresSnapshot, type StoreSnapshot } from './store-snapshot';

const ROOT = join(__dirname, '../..');
const SCHEMAS = ['recruiting', 'survey_builder', 'ai_jobs'];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const jpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from('JFIF'), randomBytes(size - 10)]);
const run = promisify(execFile);

describe('backup and restore of the whole platform (scripts/backup.sh)', () => {
  let kit: RaceContentKit;
  let database: TestDatabase;
  let pool: Pool;
  let redis: Redis;
  let versions: RedisUserVersions;
  let s3: S3Client;
  let manifests: string;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  const http = () => request(kit.server());
  const upload = (name: string, bytes: Buffer, filename: string) =>
    http().post('/v1/medias').set(as('member')).field('name', name).field('mime_type', 'image').attach('file', bytes, filename);

  /** Runs scripts/backup.sh against this file's stores; answers its stdout. */
  async function backupSh(...args: string[]): Promise<string> {
    const { stdout } = await run('bash', [join(ROOT, 'scripts/backup.sh'), ...args], { env, timeout: 240_000, maxBuffer: 16 << 20 });
    return stdout;
  }

  async function snapshot(): Promise<StoreSnapshot> {
    return {
      ...(await postgresSnapshot(pool, SCHEMAS)),
      mongo: await mongoSnapshot(kit.db),
      s3: { media: await bucketSnapshot(s3, kit.config.storage.bucket), manifests: await bucketSnapshot(s3, manifests) },
    };
  }

  /** Every store emptied: the schemas, the database, both buckets, the token versions. */
  async function destroyEverything(): Promise<void> {
    for (const schema of SCHEMAS) await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
    await kit.db.dropDatabase();
    await deleteBucket(s3, kit.config.storage.bucket);
    await deleteBucket(s3, manifests);
    const keys = await redis.keys(`${kit.config.tokenVersions.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
  }

  beforeAll(async () => {
    kit = await startRaceContentKit();
    database = await kit.scope.database('platform');
    for (const app of [RECRUITING_DATABASE, SURVEY_BUILDER_DATABASE, AI_JOBS_DATABASE]) await migrateDatabase(database.url, app);
    pool = kit.scope.pool({ connectionString: database.url, max: 2 });
    redis = new Redis(testServices.redisUrl);
    kit.scope.defer('the Redis client', () => redis.quit());
    versions = new RedisUserVersions(redis, kit.config.tokenVersions.keyPrefix);
    const { endpoint, region, accessKeyId, secretAccessKey } = testServices.s3;
    s3 = new S3Client({ endpoint, region, credentials: { accessKeyId, secretAccessKey }, forcePathStyle: true });
    kit.scope.defer('the S3 client', () => s3.destroy());
    manifests = kit.scope.bucket('manifests');
    await s3.send(new CreateBucketCommand({ Bucket: manifests }));
    folder = await mkdtemp(join(tmpdir(), 'platform-backup-'));
    kit.scope.defer('the backup folder', () => rm(folder, { recursive: true, force: true }));
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: database.url,
      MONGODB_URI: testServices.mongoUri,
      MONGODB_DB: kit.config.mongo.dbName,
      S3_ENDPOINT: testServices.s3.endpoint,
      S3_REGION: testServices.s3.region,
      S3_ACCESS_KEY_ID: testServices.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: testServices.s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_BUCKET: kit.config.storage.bucket,
      MANIFESTS_S3_BUCKET: manifests,
      REDIS_URL: testServices.redisUrl,
      AUTH_KEY_PREFIX: kit.config.tokenVersions.keyPrefix,
    };

    // PostgreSQL: users, a project, an uploaded file kept as bytea (every byte value), a builder user and survey.
    await pool.query(`INSERT INTO recruiting.users (email, name, role) VALUES ('a@example.com', '山田 太郎', 'admin'),
                        ('b@example.com', 'O''Brien', 'member'), ('c@example.com', E'tab\\there', 'viewer')`);
    const project = await pool.query<{ id: number }>(
      `INSERT INTO recruiting.projects (name, scoring_rules) VALUES ('新卒採用 2027', '{"rules": [1, null, "x"]}') RETURNING id`,
    );
    const fileId = '8d3b0d36-5b1e-4d59-9a43-2f1d1a3c0b7e';
    await pool.query(
      `INSERT INTO recruiting.import_files (id, project_id, name, size, encoding, row_count, columns, suggested_mapping, preview, expires_at)
       VALUES ($1, $2, '候補者.tsv', 300000, 'utf-8', 2, '["氏名"]', '{}', '[]', now() + interval '1 day')`,
      [fileId, project.rows[0].id],
    );
    for (let seq = 0; seq < 3; seq++) {
      const chunk = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(100_000)]);
      await pool.query('INSERT INTO recruiting.import_file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [fileId, seq, chunk]);
    }
    await pool.query(`INSERT INTO survey_builder."user" (email, name) VALUES ('builder@example.com', 'ビルダー')`);
    // Token versions as role changes left them.
    const users = await pool.query<{ id: number }>('SELECT id FROM recruiting.users');
    for (const { id } of users.rows) await versions.bump(id);

    // MongoDB and S3 through the app: races from their result files, media (names in Japanese), NG words.
    await createRaces(kit.server(), [FIXTURES.horse, FIXTURES.horseVoid]);
    await upload('天皇賞 ロゴ.png', PNG, 'logo.png').expect(201);
    for (let i = 0; i < 4; i++) await upload(`photo ${i}.jpg`, jpeg(50_000 + i), `p${i}.jpg`).expect(201);
    for (const name of ['禁止語', 'forbidden']) await http().post('/v1/ng_words').set(as('member')).send({ name }).expect(201);
    // Types a dumper could get wrong, in a collection of their own.
    await kit.db.collection('backup_probe').insertOne({
      _id: new ObjectId(),
      long: Long.fromString('9007199254740993'),
      date: new Date('2026-11-28T12:00:00.123Z'),
      binary: new Binary(randomBytes(64)),
      nested: { list: [1, 'two', null, { three: 3.5 }], empty: {} },
    });
    // AI manifests as ai-webhook writes them.
    for (const key of ['org-1/project-1/manifest.json', 'org-1/プロジェクト/manifest.json']) {
      await s3.send(new PutObjectCommand({ Bucket: manifests, Key: key, Body: JSON.stringify({ key }), ContentType: 'application/json' }));
    }
  }, 120_000);

  afterAll(() => kit?.close());

  it('restores every row, document and object of a quiet platform: nothing lost, nothing extra, old tokens refused', async () => {
    const before = await snapshot();
    expect(before.postgres['recruiting.import_file_chunks'].rows).toBe(3);
    expect(before.postgres['recruiting.users'].rows).toBe(3);
    expect(before.mongo.medias.documents).toHaveLength(5);
    expect(before.mongo.backup_probe.documents[0]).toContain('$numberLong');
    expect(Object.values(before.s3.media).map((object) => object.contentType)).toContain('image/png');
    expect(Object.keys(before.s3.media)).toHaveLength(5);
    const tokensBefore = await Promise.all([1, 2, 3].map((id) => versions.current(id)));

    const target = (await backupSh('backup', join(folder, 'quiet'))).trim();
    const manifest = JSON.parse(await readFile(join(target, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 1,
      postgres: { schemas: SCHEMAS },
      mongo: { database: kit.config.mongo.dbName },
      s3: { media: { objects: 5 }, 'ai-manifests': { objects: 2 } },
    });
    await backupSh('verify', target);

    // Changed after the backup: rows, documents and objects added, changed and removed; then restored over.
    await pool.query(`INSERT INTO recruiting.users (email, name) VALUES ('late@example.com', 'late')`);
    await pool.query(`UPDATE recruiting.projects SET name = 'renamed'`);
    await pool.query(`CREATE TABLE survey_builder.later_migration (id int)`);
    await upload('late.png', PNG, 'late.png').expect(201);
    await kit.db.collection('ng_words').deleteMany({});
    await kit.db.collection('made_later').insertOne({ x: 1 });
    await s3.send(new PutObjectCommand({ Bucket: manifests, Key: 'extra.json', Body: '{}' }));
    await backupSh('restore', target);
    expect(await snapshot()).toEqual(before);

    // Every store destroyed, then restored.
    await destroyEverything();
    const restoredAt = Date.now();
    const out = await backupSh('restore', target);
    expect(await snapshot()).toEqual(before);
    expect(JSON.parse(out.trim().split('\n').pop()!)).toMatchObject({ msg: 'restore finalized', tokenVersionsBumped: 3, importsFailed: 0 });
    // A token signed before the restore carries a version no user has now, even though Redis was lost with it.
    const tokensAfter = await Promise.all([1, 2, 3].map((id) => versions.current(id)));
    for (const [i, version] of tokensAfter.entries()) {
      expect(version).toBeGreaterThanOrEqual(restoredAt);
      expect(version).not.toBe(tokensBefore[i]);
    }
  }, 300_000);

  it('restores a backup taken under traffic to a platform whose invariants hold', async () => {
    // In flight when the backup starts: an import processing (its message in the broker) and an article generating.
    await pool.query(`INSERT INTO recruiting.import_logs (project_id, kind, file_id, request, status)
                      SELECT id, 'file', '8d3b0d36-5b1e-4d59-9a43-2f1d1a3c0b7e', '{}', 'processing' FROM recruiting.projects`);
    const generate = { race_id: FIXTURES.horse.id, title: '復元の記事', opening_at: 0 };
    const article = (await http().post('/v1/articles/generation').set(as('member')).send(generate).expect(202)).body.id;
    // Media uploaded, renamed and deleted for as long as the backup runs.
    let busy = true;
    const traffic = (async () => {
      let rounds = 0;
      for (; busy; rounds++) {
        const id = (await upload(`busy ${rounds}.jpg`, jpeg(20_000), 'busy.jpg').expect(201)).body.id;
        if (rounds % 3 === 1) await http().delete(`/v1/medias/${id}`).set(as('member')).expect(204);
        if (rounds % 3 === 2) await http().put(`/v1/medias/${id}`).set(as('member')).field('name', `moved ${rounds}.jpg`).expect(200);
      }
      return rounds;
    })();
    const target = (await backupSh('backup', join(folder, 'busy')).finally(() => (busy = false))).trim();
    expect(await traffic).toBeGreaterThan(0);

    await destroyEverything();
    const out = await backupSh('restore', target);
    expect(JSON.parse(out.trim().split('\n').pop()!)).toMatchObject({ importsFailed: 1, articlesFailed: 1 });

    // Every live media has its object, and every reserved name a live media; the app serves each one's bytes.
    const objects = await bucketSnapshot(s3, kit.config.storage.bucket);
    const live = await kit.db.collection('medias').find({ deleted_at: null }).toArray();
    for (const media of live) expect(objects[media.key]).toBeDefined();
    const names = await kit.db.collection('media_names').find({}).toArray();
    expect(names.map((entry) => entry._id).sort()).toEqual(live.map((media) => media.name).sort());
    const listed = await http().get('/v1/medias?size=100').set(as('member')).expect(200);
    for (const media of listed.body.list) expect((await fetch(media.s3_url)).status).toBe(200);
    // Nothing waits for a message the restore did not bring back.
    expect((await pool.query(`SELECT status, failure FROM recruiting.import_logs`)).rows).toEqual([
      { status: 'failed', failure: expect.stringContaining('restore') },
    ]);
    const restored = await http().get(`/v1/articles/${article}`).set(as('member')).expect(200);
    expect(restored.body).toMatchObject({ status: 'failed', generation_error: expect.stringContaining('restore') });
  }, 300_000);

  it('a backup a corrupted file is refused before anything is touched', async () => {
    const target = (await backupSh('backup', join(folder, 'corrupted'))).trim();
    const before = await snapshot();
    await run('bash', ['-c', `printf x >> "${target}/postgres.dump"`]);
    await expect(backupSh('restore', target)).rejects.toMatchObject({ stderr: expect.stringContaining('does not match its SHA256SUMS') });
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});
