import { Inject, Injectable } from '@nestjs/common';
import { type Db, type Filter, ObjectId } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS } from '../documents/collections';
import type { MediaDocument, MediaNameEntry, MediaType } from '../documents/documents';
import { insertUnique, LIVE, LiveStore, type PageRequest } from './live-store';

export type MediaChanges = Partial<Pick<MediaDocument, 'name' | 'key' | 's3_url' | 'mime_type' | 'content_type' | 'size'>>;

/** The medias collection and the media-name registry (`media_names`), used by the API and the thumbnail worker. */
@Injectable()
export class MediaStore extends LiveStore<MediaDocument> {
  constructor(@Inject(MONGO_DB) db: Db) {
    super(db, COLLECTIONS.medias);
  }

  private get names() {
    return this.db.collection<MediaNameEntry>(COLLECTIONS.mediaNames);
  }

  /** Reserves a name for a media (before its object is written); false when a live media has it. */
  reserveName(name: string, mediaId: ObjectId, now: number): Promise<boolean> {
    return insertUnique(this.names, { _id: name, media_id: mediaId, created_at: now });
  }

  /** Frees a name, only if this media holds it. */
  async releaseName(name: string, mediaId: ObjectId): Promise<void> {
    await this.names.deleteOne({ _id: name, media_id: mediaId });
  }

  /** Every live media, oldest first (the restore's check that each has its object: scripts/backup-finalize.ts). */
  live(): AsyncIterable<MediaDocument> {
    return this.collection.find(LIVE).sort({ _id: 1 });
  }

  /**
   * Frees every name that no live media holds; answers how many. Only when no upload can be under way (a reserved
   * name precedes its media by the length of the upload): after a restore, with the apps stopped.
   */
  async releaseNamesWithoutLiveMedia(): Promise<number> {
    const held = new Set<string>();
    for await (const media of this.collection.find(LIVE, { projection: { _id: 1 } })) held.add(media._id.toHexString());
    let freed = 0;
    for await (const entry of this.names.find({})) {
      if (held.has(entry.media_id.toHexString())) continue;
      freed += (await this.names.deleteOne({ _id: entry._id, media_id: entry.media_id })).deletedCount;
    }
    return freed;
  }

  /**
   * Reserves its name for every live media that holds none (its name was reserved after the backup read
   * `media_names`); answers how many were reserved and how many names another live media holds already. After a
   * restore, with the apps stopped, once names without a live media are freed.
   */
  async reserveMissingNames(now: number): Promise<{ reserved: number; conflicts: number }> {
    let reserved = 0;
    let conflicts = 0;
    for await (const media of this.live()) {
      if (await this.reserveName(media.name, media._id, now)) reserved++;
      else if (!(await this.names.findOne({ _id: media.name }))?.media_id.equals(media._id)) conflicts++;
    }
    return { reserved, conflicts };
  }

  page(request: PageRequest & { mime_type?: MediaType }) {
    const filter: Filter<MediaDocument> = {};
    if (request.mime_type !== undefined) filter.mime_type = request.mime_type;
    return this.pageOf(filter, request);
  }

  update(media: MediaDocument, changes: MediaChanges, now: number): Promise<MediaDocument | null> {
    return this.updateById(media, changes, now);
  }

  /**
   * Creates or refreshes the media named `name` (the thumbnail worker's own, with race_id). The name is reserved in
   * the media-name registry like an upload's; a name held by another media is an error (nothing is overwritten).
   */
  async upsertNamed(media: Omit<MediaDocument, '_id' | 'created_at' | 'updated_at' | 'deleted_at'>, now: number): Promise<MediaDocument> {
    const existing = await this.collection.findOne({ name: media.name, ...LIVE });
    if (existing) {
      const updated = await this.updateById(existing, media, now);
      if (updated) return updated;
    }
    const _id = new ObjectId();
    try {
      await this.names.insertOne({ _id: media.name, media_id: _id, created_at: now });
    } catch (error) {
      const holder = await this.names.findOne({ _id: media.name });
      if (!holder) throw error;
      throw new Error(`the media name ${media.name} is held by another media (${holder.media_id.toHexString()})`);
    }
    const document: MediaDocument = { _id, ...media, created_at: now, updated_at: now, deleted_at: null };
    await this.collection.insertOne(document);
    return document;
  }
}
