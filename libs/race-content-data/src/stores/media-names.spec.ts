import { type Db, MongoClient, ObjectId } from 'mongodb';
import { testServices, useTestScope } from '@platform/testing/harness';
import { COLLECTIONS } from '../documents/collections';
import type { MediaDocument } from '../documents/documents';
import { MediaStore } from './media.store';

// The name registry after a restore, when `media_names` and `medias` were read at different moments of a backup.
const scope = useTestScope('rcdnames');
let db: Db;

beforeAll(async () => {
  const client = scope.track('the MongoDB client', await MongoClient.connect(testServices.mongoUri));
  db = client.db(scope.mongoDatabase());
});

const media = (name: string, deleted = false): MediaDocument => ({
  _id: new ObjectId(),
  name,
  mime_type: 'image',
  key: `media/${name}`,
  s3_url: `s3://bucket/media/${name}`,
  content_type: 'image/jpeg',
  size: 1,
  race_id: null,
  created_at: 1,
  updated_at: 1,
  deleted_at: deleted ? 2 : null,
});

describe('MediaStore after a restore', () => {
  it('frees names no live media holds, reserves the names live media lack, and counts a name two live media claim', async () => {
    const store = new MediaStore(db);
    const held = media('held.jpg');
    const unreserved = media('unreserved.jpg');
    const gone = media('gone.jpg', true);
    const twin = media('held.jpg');
    await db.collection(COLLECTIONS.medias).insertMany([held, unreserved, gone, twin]);
    expect(await store.reserveName('held.jpg', held._id, 1)).toBe(true);
    expect(await store.reserveName('gone.jpg', gone._id, 1)).toBe(true);
    expect(await store.reserveName('orphan.jpg', new ObjectId(), 1)).toBe(true);

    expect(await store.releaseNamesWithoutLiveMedia()).toBe(2);
    expect(await store.reserveMissingNames(3)).toEqual({ reserved: 1, conflicts: 1 });

    const names = await db.collection(COLLECTIONS.mediaNames).find({}).sort({ _id: 1 }).toArray();
    expect(names.map((entry) => [entry._id, String(entry.media_id)])).toEqual([
      ['held.jpg', String(held._id)],
      ['unreserved.jpg', String(unreserved._id)],
    ]);
    // A second pass finds nothing to do.
    expect(await store.reserveMissingNames(4)).toEqual({ reserved: 0, conflicts: 1 });
  });
});
