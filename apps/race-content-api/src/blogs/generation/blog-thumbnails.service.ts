import { Injectable } from '@nestjs/common';
import { QueuePublisher } from '@platform/messaging';
import { BlogStore, RACE_CONTENT_QUEUES, RaceStore } from '@platform/race-content-data';
import { notFound, RaceContentError } from '../../race-content.errors';

/** POST /v1/blogs/{id}/thumbnail_generate: queues the thumbnail of a blog tied to an existing race. */
@Injectable()
export class BlogThumbnailsService {
  constructor(
    private readonly blogs: BlogStore,
    private readonly races: RaceStore,
    private readonly publisher: QueuePublisher,
  ) {}

  async queue(blogId: string): Promise<void> {
    const blog = await this.blogs.findWithoutEmbedding(blogId);
    if (!blog) throw notFound('The blog');
    if (blog.status === 'generating') throw new RaceContentError('BLOG_GENERATING', 'The blog is being generated; try once it is a draft');
    if (!blog.race_id) throw new RaceContentError('NO_RACE', 'The blog is not tied to a race');
    if (!(await this.races.find(blog.race_id)))
      throw new RaceContentError('NO_RACE', `The race ${blog.race_id} of the blog does not exist`);
    await this.publisher.publish(RACE_CONTENT_QUEUES.thumbnailGeneration, { blog_id: blog._id.toHexString(), race_id: blog.race_id });
  }
}
