import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { testServices, useTestScope } from '@platform/testing/harness';
import { ObjectStorage, ObjectStorageError } from '../src';

describe('ObjectStorage against the local S3 server', () => {
  const scope = useTestScope('storage');
  const storage = new ObjectStorage({ ...testServices.s3, bucket: scope.bucket(), forcePathStyle: true });
  scope.defer('the S3 client', () => storage.destroy());
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 255]);

  beforeAll(() => storage.ensureBucket());

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

describe('ObjectStorage streamed uploads', () => {
  const scope = useTestScope('stream');
  const storage = new ObjectStorage({ ...testServices.s3, bucket: scope.bucket(), forcePathStyle: true });
  scope.defer('the S3 client', () => storage.destroy());
  const MiB = 1024 * 1024;

  beforeAll(() => storage.ensureBucket());

  async function* chunks(total: number, chunk = 256 * 1024, failAfter?: number) {
    for (let sent = 0; sent < total; sent += chunk) {
      if (failAfter !== undefined && sent >= failAfter) throw new Error('the client went away');
      yield Buffer.alloc(Math.min(chunk, total - sent), sent / chunk);
    }
  }

  it('stores a small body with one PUT', async () => {
    const stored = await storage.upload('media/small.bin', chunks(1000, 300), 'application/octet-stream');
    expect(stored).toEqual({ key: 'media/small.bin', size: 1000, url: `s3://${storage.bucket}/media/small.bin` });
    expect((await storage.get('media/small.bin')).length).toBe(1000);
  });

  it('stores a body larger than a part through a multipart upload, byte for byte', async () => {
    const stored = await storage.upload('media/big.bin', chunks(11 * MiB + 17), 'video/mp4', 5 * MiB);
    expect(stored.size).toBe(11 * MiB + 17);
    const back = await storage.get('media/big.bin');
    expect(back.length).toBe(11 * MiB + 17);
    expect(back[6 * MiB]).toBe((6 * MiB) / (256 * 1024));
  });

  it('leaves the key as it was, and no upload pending, when the body fails half way', async () => {
    await storage.put('media/kept.bin', Buffer.from('old'), 'text/plain');
    await expect(storage.upload('media/kept.bin', chunks(12 * MiB, 256 * 1024, 7 * MiB), 'video/mp4', 5 * MiB)).rejects.toThrow(
      'the client went away',
    );
    expect((await storage.get('media/kept.bin')).toString()).toBe('old');
    const pending = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket }));
    expect(pending.Uploads ?? []).toEqual([]);
  });

  it('reports a store that fails as ObjectStorageError, and copies objects', async () => {
    const nowhere = new ObjectStorage({ ...testServices.s3, bucket: 'no-such-bucket-here', forcePathStyle: true });
    await expect(nowhere.upload('x', chunks(10), 'text/plain')).rejects.toBeInstanceOf(ObjectStorageError);
    nowhere.destroy();
    await storage.put('media/日本語 名.bin', Buffer.from('copied'), 'text/plain');
    await storage.copy('media/日本語 名.bin', 'media/renamed.bin');
    expect((await storage.get('media/renamed.bin')).toString()).toBe('copied');
  });
});
