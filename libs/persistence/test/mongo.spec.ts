import type { MongoClient } from 'mongodb';
import { testServices, useTestScope } from '@platform/testing/harness';
import { connectMongo, type MongoIndex } from '../src';

describe('MongoDB client against FerretDB', () => {
  const scope = useTestScope('mongo');
  const dbName = scope.mongoDatabase();
  const indexes: MongoIndex[] = [
    { collection: 'medias', key: { name: 1 }, options: { unique: true, name: 'medias_name_unique' } },
    { collection: 'articles', key: { race_id: 1, updated_at: -1 }, options: { name: 'articles_race_updated' } },
  ];
  let client: MongoClient;

  beforeAll(async () => {
    client = scope.track('the MongoDB client', await connectMongo({ uri: testServices.mongoUri, dbName, indexes }));
  });

  it('creates the declared indexes at start, and a unique index is enforced', async () => {
    const names = (await client.db(dbName).collection('medias').indexes()).map((i) => i.name);
    expect(names).toContain('medias_name_unique');
    await client.db(dbName).collection('medias').insertOne({ name: 'a.png' });
    await expect(client.db(dbName).collection('medias').insertOne({ name: 'a.png' })).rejects.toMatchObject({ code: 11000 });
  });

  it('creates indexes idempotently on the next start', async () => {
    const again = await connectMongo({ uri: testServices.mongoUri, dbName, indexes });
    expect((await again.db(dbName).collection('articles').indexes()).map((i) => i.name)).toContain('articles_race_updated');
    await again.close();
  });

  it('fails start-up with a clear error, within its timeout, when nothing answers', async () => {
    const started = Date.now();
    await expect(connectMongo({ uri: 'mongodb://127.0.0.1:1', serverSelectionTimeoutMs: 500 })).rejects.toThrow(/^MongoDB did not answer/);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
