import { Injectable } from '@nestjs/common';
import { PermanentJobError, QueueConsumer } from '@platform/messaging';
import { type BlogRewriteJob, BlogStore, htmlText, parseJsonText, RACE_CONTENT_QUEUES, RaceStore } from '@platform/race-content-data';
import { BlogContentService } from './blog-content.service';
import { BlogWriter } from './blog-writer';
import { waitsFor } from './waits-for';

/**
 * blog-rewriter: a past blog rewritten (POST /v1/blogs/generation and /v1/old_blogs/{id}/rewrite). With a race the
 * rewrite adds the race analysis; a blog without one (or whose race is gone) gets a content-preserving rewrite only.
 */
@Injectable()
export class BlogRewriterConsumer extends QueueConsumer<BlogRewriteJob> {
  readonly queue = RACE_CONTENT_QUEUES.blogRewriter;

  constructor(
    private readonly blogs: BlogStore,
    private readonly races: RaceStore,
    private readonly writer: BlogWriter,
    private readonly content: BlogContentService,
  ) {
    super();
  }

  async handle(job: BlogRewriteJob): Promise<void> {
    const blog = await this.blogs.findById(job.blog_id);
    if (!blog) throw new PermanentJobError(`blog ${job.blog_id} does not exist`);
    if (!waitsFor(blog, job.generation_id)) return;
    const oldBlog = await this.blogs.findOldBlog(job.old_blog_id);
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

  override async onMalformed(payload: unknown, reason: string): Promise<void> {
    const blogId = (payload as { blog_id?: unknown } | null)?.blog_id;
    if (typeof blogId === 'string') await this.blogs.failGeneration(blogId, `Blog rewrite failed: malformed job (${reason})`);
  }

  override async onFinalFailure(job: BlogRewriteJob, error: Error): Promise<void> {
    await this.blogs.failGeneration(job.blog_id, `Blog rewrite failed: ${error.message}`, job.generation_id);
  }
}
