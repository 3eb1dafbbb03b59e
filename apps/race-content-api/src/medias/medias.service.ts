import { Injectable } from '@nestjs/common';
import { ObjectId } from 'mongodb';
import type { PagedList } from '@platform/contracts';
import { type MediaChanges, type MediaDocument, MediaStore } from '@platform/race-content-data';
import type { MultipartFileStream } from '../common/uploads';
import { notFound, RaceContentError } from '../race-content.errors';
import type { CreateMediaForm, ListMediasQuery, MediaResponse, UpdateMediaForm } from './dto/media.dto';
import { MediaFiles } from './media-files';
import { mediaKeyOf } from './media-name';

function nameTaken(name: string): RaceContentError {
  return new RaceContentError('NAME_TAKEN', `A media named ${name} exists already`);
}

/** Images and videos in object storage (the Media operations). */
@Injectable()
export class MediasService {
  constructor(
    private readonly medias: MediaStore,
    private readonly files: MediaFiles,
  ) {}

  /**
   * Reserves the name (409 when taken), streams the file to the key derived from it, then saves the record.
   * Whatever fails, nothing is left behind: the name is freed, and an object written for a record that could
   * not be saved is removed.
   */
  async create(form: CreateMediaForm, file: MultipartFileStream): Promise<MediaResponse> {
    const id = new ObjectId();
    const now = Date.now();
    if (!(await this.medias.reserveName(form.name, id, now))) throw nameTaken(form.name);
    const key = mediaKeyOf(form.name);
    let uploaded = false;
    try {
      const stored = await this.files.upload(key, file, form.mime_type);
      uploaded = true;
      const media: MediaDocument = {
        _id: id,
        name: form.name,
        mime_type: form.mime_type,
        key,
        s3_url: stored.url,
        content_type: stored.contentType,
        size: stored.size,
        race_id: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      await this.medias.insert(media);
      return this.respond(media);
    } catch (error) {
      if (uploaded) await this.files.discard(key);
      await this.medias.releaseName(form.name, id);
      throw error;
    }
  }

  async list(query: ListMediasQuery): Promise<PagedList<MediaResponse>> {
    const found = await this.medias.page(query);
    const list = await Promise.all(found.docs.map((media) => this.respond(media)));
    return { list, current_page: query.page, total_count: found.total };
  }

  async get(id: string): Promise<MediaResponse> {
    return this.respond(await this.require(id));
  }

  /**
   * A new name is reserved first (409 when taken) and the object moves to its key; a file replaces the object
   * (its content must agree with the mime_type); a mime_type alone must agree with the stored file (422).
   */
  async update(id: string, form: UpdateMediaForm, file: MultipartFileStream | undefined): Promise<MediaResponse> {
    const media = await this.require(id);
    const name = form.name ?? media.name;
    const declared = form.mime_type ?? media.mime_type;
    const renamed = name !== media.name;
    if (!file && declared !== media.mime_type) {
      throw new RaceContentError('MEDIA_TYPE_MISMATCH', `The stored file is an ${media.mime_type}; send a new file with it`, [
        { field: 'mime_type', message: `mime_type ${declared} does not agree with the stored file` },
      ]);
    }
    if (renamed && !(await this.medias.reserveName(name, media._id, Date.now()))) throw nameTaken(name);
    const key = mediaKeyOf(name);
    let written = false;
    try {
      const changes: MediaChanges = { name, key, mime_type: declared };
      if (file) {
        const stored = await this.files.upload(key, file, declared);
        written = renamed;
        Object.assign(changes, { s3_url: stored.url, size: stored.size, content_type: stored.contentType });
      } else if (renamed) {
        changes.s3_url = await this.files.copy(media.key, key);
        written = true;
      }
      const updated = await this.medias.update(media, changes, Date.now());
      if (!updated) throw notFound('The media');
      if (renamed) {
        await this.medias.releaseName(media.name, media._id);
        await this.files.discard(media.key);
      }
      return this.respond(updated);
    } catch (error) {
      if (renamed) {
        if (written) await this.files.discard(key);
        await this.medias.releaseName(name, media._id);
      }
      throw error;
    }
  }

  /** A soft delete; the name is freed and the object removed. */
  async delete(id: string): Promise<void> {
    const media = await this.require(id);
    if (!(await this.medias.softDelete(media, Date.now()))) throw notFound('The media');
    await this.medias.releaseName(media.name, media._id);
    await this.files.discard(media.key);
  }

  private async require(id: string): Promise<MediaDocument> {
    const media = await this.medias.findById(id);
    if (!media) throw notFound('The media');
    return media;
  }

  private async respond(media: MediaDocument): Promise<MediaResponse> {
    return {
      id: media._id.toHexString(),
      name: media.name,
      mime_type: media.mime_type,
      s3_url: await this.files.presign(media.key),
      size: media.size,
      race_id: media.race_id ?? null,
      created_at: media.created_at,
      updated_at: media.updated_at,
    };
  }
}
