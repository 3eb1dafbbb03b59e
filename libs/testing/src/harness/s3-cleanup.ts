import { DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

/** Removes a test's bucket and everything in it. */
export async function deleteBucket(client: S3Client, bucket: string): Promise<void> {
  for (;;) {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
    if (keys.length === 0) break;
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
  }
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}
