import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { deleteBucket, testServices, uniqueName } from '@platform/testing';
import { ObjectStorage } from '../src';

describe('ObjectStorage against the local S3 server', () => {
  const storage = new ObjectStorage({
    ...testServices.s3,
    bucket: uniqueName('storage').replace(/_/g, '-'),
    forcePathStyle: true,
  });
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 255]);

  beforeAll(() => storage.ensureBucket());
  afterAll(async () => {
    await deleteBucket(storage.client, storage.bucket);
    storage.destroy();
  });

  it('creates its bucket once; a second ensure is a no-op', async () => {
    await expect(storage.ensureBucket()).resolves.toBeUndefined();
    await expect(storage.healthCheck(true).check()).resolves.toBeUndefined();
  });

  it('stores an object and reads the same bytes back', async () => {
    const stored = await storage.put('media/logo.png', bytes, 'image/png');
    expect(stored).toEqual({ key: 'media/logo.png', size: bytes.length, url: `s3://${storage.bucket}/media/logo.png` });
    expect(await storage.exists('media/logo.png')).toBe(true);
    expect(await storage.get('media/logo.png')).toEqual(bytes);
  });

  it('hands out presigned GET URLs valid for one hour that plain fetch can read', async () => {
    await storage.put('media/clip.bin', bytes, 'application/octet-stream');
    const url = await storage.presignGet('media/clip.bin');
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
  });

  it('refuses an expired presigned URL and a tampered one', async () => {
    await storage.put('media/old.bin', bytes, 'application/octet-stream');
    const expired = await getSignedUrl(storage.client, new GetObjectCommand({ Bucket: storage.bucket, Key: 'media/old.bin' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 3_600_000),
    });
    expect((await fetch(expired)).status).toBe(403);

    const valid = new URL(await storage.presignGet('media/old.bin'));
    valid.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(valid)).status).toBe(403);
  });

  it('deletes objects', async () => {
    await storage.put('media/gone.bin', bytes, 'application/octet-stream');
    await storage.delete('media/gone.bin');
    expect(await storage.exists('media/gone.bin')).toBe(false);
  });

  it('reports an unreachable server through its health check', async () => {
    const nowhere = new ObjectStorage({ ...testServices.s3, endpoint: 'http://127.0.0.1:1', bucket: 'x-bucket', forcePathStyle: true });
    await expect(nowhere.healthCheck(false).check()).rejects.toBeDefined();
    nowhere.destroy();
  });
});
