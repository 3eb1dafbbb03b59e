import { Inject, Injectable } from '@nestjs/common';
import { PermanentJobError, QueueConsumer } from '@platform/messaging';
import {
  BlogStore,
  MediaStore,
  parseJsonText,
  RACE_CONTENT_QUEUES,
  RaceStore,
  type ThumbnailGenerationJob,
} from '@platform/race-content-data';
import { ObjectStorage } from '@platform/storage';
import { renderRaceCard } from './thumbnail-card';
import { placeThumbnail } from './thumbnail-placement';

export const THUMBNAIL_OPTIONS = Symbol('THUMBNAIL_OPTIONS');

export interface ThumbnailOptions {
  /** Where browsers load media objects from: `<base>/<key>` (a CDN or the bucket's public address). */
  publicBaseUrl: string;
}

/** The media name and object key of a blog's thumbnail: one per blog, so a new thumbnail replaces the last. */
export const thumbnailNameOf = (blogId: string) => `thumbnail-${blogId}.png`;

/**
 * thumbnail-generation: draws the race card (PNG), stores it in S3 as the blog's thumbnail media (with race_id),
 * and puts `<img class="nb-thumbnail">` with its address right below the 10-second summary, replacing an earlier
 * thumbnail. The body is written by compare-and-set on updated_at, re-read and retried when an edit came between.
 */
@Injectable()
export class ThumbnailConsumer extends QueueConsumer<ThumbnailGenerationJob> {
  readonly queue = RACE_CONTENT_QUEUES.thumbnailGeneration;

  constructor(
    private readonly blogs: BlogStore,
    private readonly races: RaceStore,
    private readonly storage: ObjectStorage,
    private readonly medias: MediaStore,
    @Inject(THUMBNAIL_OPTIONS) private readonly options: ThumbnailOptions,
  ) {
    super();
  }

  async handle(job: ThumbnailGenerationJob): Promise<void> {
    const blog = await this.blogs.findById(job.blog_id);
    if (!blog) throw new PermanentJobError(`blog ${job.blog_id} does not exist`);
    if (blog.status === 'generating') throw new Error(`blog ${job.blog_id} is being generated; the thumbnail waits for it`);
    const found = await this.races.find(job.race_id);
    if (!found) throw new PermanentJobError(`race ${job.race_id} does not exist`);
    const png = await renderRaceCard(parseJsonText(found.race.race_result_json), found.type, found.race.name);
    const name = thumbnailNameOf(job.blog_id);
    const key = `medias/${name}`;
    const stored = await this.storage.put(key, png, 'image/png');
    const now = Date.now();
    const media = await this.medias.upsertNamed(
      { name, mime_type: 'image', key, s3_url: stored.url, content_type: 'image/png', size: stored.size, race_id: job.race_id },
      now,
    );
    const src = `${this.options.publicBaseUrl.replace(/(?<!\/)\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}?v=${now}`;
    const alt = found.race.name;
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = attempt === 0 ? blog : await this.blogs.findById(job.blog_id);
      if (!current) throw new PermanentJobError(`blog ${job.blog_id} does not exist`);
      if (current.status === 'generating') throw new Error(`blog ${job.blog_id} is being generated; the thumbnail waits for it`);
      const body = placeThumbnail(current.body_html, src, alt);
      if (await this.blogs.replaceBody(current, body, { thumbnail_media_id: media._id.toHexString() })) return;
    }
    throw new Error(`blog ${job.blog_id} kept changing while its thumbnail was placed`);
  }
}
