import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { HealthCheck } from '@platform/runtime';

export interface StorageOptions {
  /** Set for S3-compatible servers (versitygw, MinIO); unset means AWS S3 of the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (http://host/bucket/key), which local S3 servers need. */
  forcePathStyle: boolean;
}

export interface StoredObject {
  key: string;
  size: number;
  /** The object's address, `s3://bucket/key`; readers get presigned URLs instead. */
  url: string;
}

/** Presigned GET links of media are valid for one hour. */
export const DEFAULT_PRESIGN_SECONDS = 3600;

/** Bytes sent per part of a streamed upload (S3 takes parts of 5 MiB or more, but for the last). */
export const DEFAULT_UPLOAD_PART_BYTES = 8 * 1024 * 1024;

/**
 * The object store failed (unreachable, refused, an error of its own), as opposed to the body being uploaded
 * failing on its way in; `cause` is the store's error.
 */
export class ObjectStorageError extends Error {
  override readonly name = 'ObjectStorageError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** One bucket of object storage behind @aws-sdk/client-s3. */
export class ObjectStorage {
  readonly client: S3Client;

  constructor(private readonly options: StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Only checksum when the operation requires it: S3-compatible servers differ in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get bucket(): string {
    return this.options.bucket;
  }

  urlOf(key: string): string {
    return `s3://${this.options.bucket}/${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<StoredObject> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
    return { key, size: body.length, url: this.urlOf(key) };
  }

  /**
   * Streams a body of unknown length into an object without holding it whole, through @aws-sdk/lib-storage's Upload
   * one part at a time (`partBytes`; at most one part and the chunk being read are in memory). A body that fits one
   * part is one PUT; a larger one is a multipart upload, aborted when the body or the store fails, so a failed upload
   * leaves the key as it was. Errors of the body are rethrown as they are; the store's become ObjectStorageError.
   */
  async upload(
    key: string,
    body: AsyncIterable<Uint8Array>,
    contentType: string,
    partBytes = DEFAULT_UPLOAD_PART_BYTES,
  ): Promise<StoredObject> {
    let size = 0;
    let bodyFailed = false;
    async function* counted(): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of body) {
          size += chunk.length;
          yield chunk;
        }
      } catch (error) {
        bodyFailed = true;
        throw error;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(counted(), { objectMode: false }), ContentType: contentType },
      partSize: partBytes,
      queueSize: 1,
    });
    try {
      await upload.done();
    } catch (error) {
      if (bodyFailed) throw error;
      throw new ObjectStorageError('Object storage upload failed', { cause: error });
    }
    return { key, size, url: this.urlOf(key) };
  }

  /** Copies an object to another key of the bucket (a rename is a copy, then a delete). */
  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: source }));
  }

  async get(key: string): Promise<Buffer> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** A time-limited GET link that needs no credentials. */
  async presignGet(key: string, expiresInSeconds = DEFAULT_PRESIGN_SECONDS): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
    });
  }

  /**
   * Creates the bucket when missing (local servers start empty; production buckets are provisioned). Safe when
   * several processes do it at once on an empty store (`up.sh` starts every app together): whoever loses the
   * race to create it is told it already exists, which is success once the bucket answers to our credentials.
   */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isAlreadyCreated(error)) throw error;
      // BucketAlreadyExists (or a bare 409) can also mean another account's bucket: ours only if it answers us.
      if (!(error instanceof S3ServiceException && error.name === 'BucketAlreadyOwnedByYou')) {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      }
    }
  }

  healthCheck(required: boolean): HealthCheck {
    return {
      name: 'object-storage',
      required,
      check: async () => void (await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))),
    };
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** The bucket exists already: created by us earlier, or by a concurrent ensureBucket a moment ago. */
function isAlreadyCreated(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'BucketAlreadyOwnedByYou' || error.name === 'BucketAlreadyExists' || error.$metadata.httpStatusCode === 409)
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound');
}
