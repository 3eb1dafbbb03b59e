import { Injectable } from '@nestjs/common';
import { PermanentJobError } from '@platform/messaging';
import {
  type BlogRewriteJob,
  BlogStore,
  htmlText,
  OldBlogStore,
  parseJsonText,
  RACE_CONTENT_QUEUES,
  RaceStore,
} from '@platform/race-content-data';
import { BlogContentService } from './blog-content.service';
import { BlogJobConsumer } from './blog-job.consumer';
import { BlogWriter } from './blog-writer';

/**
 * blog-rewriter: a past blog rewritten (POST /v1/blogs/generation and /v1/old_blogs/{id}/rewrite). With a race the
 * rewrite adds the race analysis; a blog without one (or whose race is gone) gets a content-preserving rewrite only.
 */
@Injectable()
export class BlogRewriterConsumer extends BlogJobConsumer<BlogRewriteJob> {
  readonly queue = RACE_CONTENT_QUEUES.blogRewriter;
  protected readonly failure = 'Blog rewrite failed';

  constructor(
    blogs: BlogStore,
    private readonly oldBlogs: OldBlogStore,
    private readonly races: RaceStore,
    private readonly writer: BlogWriter,
    private readonly content: BlogContentService,
  ) {
    super(blogs);
  }

  async handle(job: BlogRewriteJob): Promise<void> {
    const blog = await this.waitingBlog(job);
    if (!blog) return;
    const oldBlog = await this.oldBlogs.findById(job.old_blog_id);
    if (!oldBlog) throw new PermanentJobError(`past blog ${job.old_blog_id} does not exist`);
    const raceId = job.race_id ?? blog.race_id;
    const found = raceId ? await this.races.find(raceId) : undefined;
    const draft = await this.writer.write({
      kind: 'rewrite',
      name: blog.name,
      source: { name: oldBlog.name, category: oldBlog.category, text: htmlText(oldBlog.body_html) },
      race: found ? { racingType: found.type, raceResult: parseJsonText(found.race.race_result_json) } : null,
    });
    await this.content.complete(blog, draft, job.generation_id);
  }
}
