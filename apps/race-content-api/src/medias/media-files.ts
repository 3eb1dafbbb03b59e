import { Injectable, Logger } from '@nestjs/common';
import { isDependencyUnavailable } from '@platform/contracts';
import type { MediaType } from '@platform/race-content-data';
import { ObjectStorage, ObjectStorageError, type StoredObject } from '@platform/storage';
import type { MultipartFileStream } from '../common/uploads';
import { RaceContentError } from '../race-content.errors';
import { sniffMedia, SNIFF_BYTES } from './media-sniff';
import { peekStream } from './peek-stream';

export interface UploadedMedia extends StoredObject {
  contentType: string;
}

/** The store unreachable (stopped, restarting) passes through as 503 SERVICE_UNAVAILABLE; any other failure is 500. */
function storageFailure(error: unknown): never {
  if (isDependencyUnavailable(error)) throw error;
  if (error instanceof ObjectStorageError) throw new RaceContentError('STORAGE_FAILURE', 'The file could not be stored');
  throw error;
}

/** Media objects in S3: what a file is (from its bytes), streamed uploads, copies, presigned reads. */
@Injectable()
export class MediaFiles {
  private readonly logger = new Logger(MediaFiles.name);

  constructor(private readonly storage: ObjectStorage) {}

  /**
   * Streams the file into the key once its first bytes show it is what `declared` says (422 otherwise, before
   * anything is written). A store that cannot be reached answers 503 SERVICE_UNAVAILABLE, one that fails 500 STORAGE_FAILURE; a file over the limit fails its stream
   * with 413, which passes through. The key is unchanged unless the upload completes.
   */
  async upload(key: string, file: MultipartFileStream, declared: MediaType): Promise<UploadedMedia> {
    const { head, body } = await peekStream(file.stream, SNIFF_BYTES);
    const sniffed = sniffMedia(head);
    if (sniffed?.kind !== declared) {
      throw new RaceContentError(
        'MEDIA_TYPE_MISMATCH',
        sniffed ? `The file is an ${sniffed.kind}, not an ${declared}` : `The file is not an ${declared} this service recognizes`,
        [{ field: 'mime_type', message: `mime_type ${declared} does not agree with the file's content` }],
      );
    }
    const stored = await this.storage.upload(key, body, sniffed.contentType).catch(storageFailure);
    return { ...stored, contentType: sniffed.contentType };
  }

  async copy(fromKey: string, toKey: string): Promise<string> {
    await this.storage.copy(fromKey, toKey).catch((error) => storageFailure(new ObjectStorageError('copy failed', { cause: error })));
    return this.storage.urlOf(toKey);
  }

  /** Removes an object no record points to any more; a failure is logged, not answered. */
  async discard(key: string): Promise<void> {
    await this.storage
      .delete(key)
      .catch((error: Error) => this.logger.warn({ key, err: error.message }, 'could not remove a media object'));
  }

  /** A GET URL valid for one hour. */
  presign(key: string): Promise<string> {
    return this.storage.presignGet(key);
  }
}
