import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter, ObjectId } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS, type MediaDocument, type MediaNameEntry, toObjectId } from '@platform/race-content-data';
import { findPage, isDuplicateKey, LIVE, sortBy } from '../common/mongo-page';
import type { ListMediasQuery } from './dto/media.dto';

export type MediaChanges = Partial<Pick<MediaDocument, 'name' | 'key' | 's3_url' | 'mime_type' | 'content_type' | 'size'>>;

/** The medias collection and the media-name registry: MongoDB only here. */
@Injectable()
export class MediasRepository {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get medias() {
    return this.db.collection<MediaDocument>(COLLECTIONS.medias);
  }

  private get names() {
    return this.db.collection<MediaNameEntry>(COLLECTIONS.mediaNames);
  }

  /** Reserves a name for a media (before its object is written); false when a live media has it. */
  async reserveName(name: string, mediaId: ObjectId, now: number): Promise<boolean> {
    try {
      await this.names.insertOne({ _id: name, media_id: mediaId, created_at: now });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Frees a name, only if this media holds it. */
  async releaseName(name: string, mediaId: ObjectId): Promise<void> {
    await this.names.deleteOne({ _id: name, media_id: mediaId });
  }

  async insert(media: MediaDocument): Promise<void> {
    await this.medias.insertOne(media);
  }

  async find(id: string): Promise<MediaDocument | undefined> {
    const _id = toObjectId(id);
    return (_id && (await this.medias.findOne({ _id, ...LIVE }))) || undefined;
  }

  page(query: ListMediasQuery) {
    const filter: Filter<MediaDocument> = { ...LIVE };
    if (query.mime_type !== undefined) filter.mime_type = query.mime_type;
    return findPage(this.medias, filter, sortBy('updated_at', query.order), query);
  }

  async update(media: MediaDocument, changes: MediaChanges, now: number): Promise<MediaDocument | null> {
    return this.medias.findOneAndUpdate(
      { _id: media._id, ...LIVE },
      { $set: { ...changes, updated_at: now } },
      { returnDocument: 'after' },
    );
  }

  async softDelete(media: MediaDocument, now: number): Promise<boolean> {
    const result = await this.medias.updateOne({ _id: media._id, ...LIVE }, { $set: { deleted_at: now, updated_at: now } });
    return result.modifiedCount === 1;
  }
}
