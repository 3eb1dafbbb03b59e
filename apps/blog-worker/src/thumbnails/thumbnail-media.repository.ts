import { Inject, Injectable } from '@nestjs/common';
import { type Db, ObjectId } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS, type MediaDocument, type MediaNameEntry } from '@platform/race-content-data';

/** The media record of a blog's thumbnail: one per blog, named after it, replaced on every new thumbnail. */
@Injectable()
export class ThumbnailMediaRepository {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get medias() {
    return this.db.collection<MediaDocument>(COLLECTIONS.medias);
  }

  /**
   * Creates or refreshes the media named `name` (the thumbnail worker's own, with race_id). The name is reserved in
   * the media-name registry like an upload's; a name held by another media is an error (nothing is overwritten).
   */
  async upsert(media: Omit<MediaDocument, '_id' | 'created_at' | 'updated_at' | 'deleted_at'>, now: number): Promise<MediaDocument> {
    const names = this.db.collection<MediaNameEntry>(COLLECTIONS.mediaNames);
    const existing = await this.medias.findOne({ name: media.name, deleted_at: null });
    if (existing) {
      const updated = await this.medias.findOneAndUpdate(
        { _id: existing._id, deleted_at: null },
        { $set: { ...media, updated_at: now } },
        { returnDocument: 'after' },
      );
      if (updated) return updated;
    }
    const _id = new ObjectId();
    try {
      await names.insertOne({ _id: media.name, media_id: _id, created_at: now });
    } catch (error) {
      const holder = await names.findOne({ _id: media.name });
      if (!holder) throw error;
      throw new Error(`the media name ${media.name} is held by another media (${holder.media_id.toHexString()})`);
    }
    const document: MediaDocument = { _id, ...media, created_at: now, updated_at: now, deleted_at: null };
    await this.medias.insertOne(document);
    return document;
  }
}
