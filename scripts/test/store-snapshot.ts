import { createHash } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { BSON, type Db } from 'mongodb';
import type { Pool } from 'pg';

/**
 * Everything the platform's stores hold, in a form two snapshots compare by: every table's columns, indexes and rows
 * (a digest of the rows in order, and their count), every collection's indexes and documents (canonical Extended
 * JSON, so a Long, a Date or an ObjectId that came back as something else differs), and every object's bytes,
 * content type and size. What a backup test compares before and after a restore.
 */
export interface StoreSnapshot {
  postgres: Record<string, { columns: string; rows: number; digest: string }>;
  postgresIndexes: string[];
  mongo: Record<string, { indexes: string[]; documents: string[] }>;
  s3: Record<string, Record<string, { sha256: string; contentType?: string; size?: number }>>;
}

export async function postgresSnapshot(pool: Pool, schemas: string[]) {
  const tables = await pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [schemas],
  );
  const postgres: StoreSnapshot['postgres'] = {};
  for (const { schema, name } of tables.rows) {
    const columns = await pool.query<{ columns: string }>(
      `SELECT string_agg(column_name || ' ' || data_type || ' ' || is_nullable, ', ' ORDER BY ordinal_position) AS columns
         FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2`,
      [schema, name],
    );
    const rows = await pool.query<{ rows: number; digest: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${schema}"."${name}" t`,
    );
    postgres[`${schema}.${name}`] = { columns: columns.rows[0].columns, ...rows.rows[0] };
  }
  const indexes = await pool.query<{ def: string }>('SELECT indexdef AS def FROM pg_indexes WHERE schemaname = ANY($1) ORDER BY 1', [
    schemas,
  ]);
  return { postgres, postgresIndexes: indexes.rows.map((row) => row.def) };
}

export async function mongoSnapshot(db: Db): Promise<StoreSnapshot['mongo']> {
  const mongo: StoreSnapshot['mongo'] = {};
  const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  for (const name of collections) {
    const collection = db.collection(name);
    const indexes = (await collection.listIndexes().toArray())
      .map((index) => `${index.name} ${JSON.stringify(index.key)}${index.unique ? ' unique' : ''}${index.sparse ? ' sparse' : ''}`)
      .sort();
    const documents = (await collection.find({}).sort({ _id: 1 }).toArray()).map((doc) => BSON.EJSON.stringify(doc, { relaxed: false }));
    mongo[name] = { indexes, documents };
  }
  return mongo;
}

export async function bucketSnapshot(s3: S3Client, bucket: string): Promise<StoreSnapshot['s3'][string]> {
  const objects: StoreSnapshot['s3'][string] = {};
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      objects[Key!] = {
        sha256: createHash('sha256').update(bytes).digest('hex'),
        contentType: object.ContentType,
        size: object.ContentLength,
      };
    }
    token = page.NextContinuationToken;
  } while (token);
  return objects;
}
