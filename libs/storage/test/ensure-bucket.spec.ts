import { testServices, useTestScope } from '@platform/testing/harness';
import { ObjectStorage } from '../src';

/**
 * up.sh starts every app at once against an empty S3 store, and each creates its bucket: all but the first
 * CreateBucket are answered "BucketAlreadyOwnedByYou" (409), which must count as success.
 */
describe('ObjectStorage.ensureBucket on a bucket nobody has created yet', () => {
  const scope = useTestScope('ensure');
  const bucket = scope.bucket();
  const instances = Array.from({ length: 6 }, () => new ObjectStorage({ ...testServices.s3, bucket, forcePathStyle: true }));
  scope.defer('the S3 clients', () => instances.forEach((storage) => storage.destroy()));

  it('succeeds for six instances creating it at the same moment, and the bucket is there', async () => {
    const results = await Promise.allSettled(instances.map((storage) => storage.ensureBucket()));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    await expect(instances[0].healthCheck(true).check()).resolves.toBeUndefined();
    const stored = await instances[1].put('probe.txt', Buffer.from('ok'), 'text/plain');
    expect(await instances[2].get(stored.key)).toEqual(Buffer.from('ok'));
  });

  it('still succeeds when the bucket exists (a second round)', async () => {
    await expect(Promise.all(instances.map((storage) => storage.ensureBucket()))).resolves.toHaveLength(6);
  });
});
