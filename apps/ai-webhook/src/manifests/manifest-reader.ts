import { Injectable, Logger } from '@nestjs/common';
import { ObjectStorage } from '@platform/storage';
import { AiWebhookError } from '../ai-webhook.errors';
import { type ManifestExpectation, type RowEffect, rowEffectOf } from './manifest';
import { manifestKey } from './manifest-url';

/** Reads a job's manifest from the manifests bucket, at the key its row gives, and returns the job's row effect. */
@Injectable()
export class ManifestReader {
  private readonly logger = new Logger(ManifestReader.name);

  constructor(private readonly storage: ObjectStorage) {}

  /** The bucket every manifest must be in. */
  get bucket(): string {
    return this.storage.bucket;
  }

  async rowEffect(owner: { organizationId: number; projectId: number }, expected: ManifestExpectation): Promise<RowEffect> {
    const key = manifestKey({ ...owner, kind: expected.kind, jobId: expected.jobId });
    let bytes: Buffer;
    try {
      bytes = await this.storage.get(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'manifest unreadable');
      throw new AiWebhookError('MANIFEST_UNREADABLE', 'The result manifest could not be read');
    }
    return rowEffectOf(bytes, expected);
  }
}
