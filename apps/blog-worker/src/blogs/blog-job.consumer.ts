import { PermanentJobError, QueueConsumer } from '@platform/messaging';
import { type BlogDocument, BlogStore, waitsForGeneration } from '@platform/race-content-data';

/** What both blog queues' jobs carry: the blog they write and the generation it waits for. */
export interface BlogJob {
  blog_id: string;
  generation_id?: string | null;
}

/**
 * What the blog-generation and blog-rewriter consumers share: the blog a job is for, read by id and acted on only
 * while it waits for this generation (a redelivery or a job of another generation changes nothing); and their
 * failure handling, the blog back to draft with a note (`BlogStore.failGeneration`), at once for a malformed job
 * that still names its blog, after the last attempt otherwise.
 */
export abstract class BlogJobConsumer<T extends BlogJob> extends QueueConsumer<T> {
  /** How a failure of this queue's jobs starts its reason ("Blog generation failed"). */
  protected abstract readonly failure: string;

  protected constructor(protected readonly blogs: BlogStore) {
    super();
  }

  /** The blog of the job while it still waits for the job's generation; undefined when the job has nothing to do. */
  protected async waitingBlog(job: T): Promise<BlogDocument | undefined> {
    const blog = await this.blogs.findById(job.blog_id);
    if (!blog) throw new PermanentJobError(`blog ${job.blog_id} does not exist`);
    return waitsForGeneration(blog, job.generation_id) ? blog : undefined;
  }

  override async onMalformed(payload: unknown, reason: string): Promise<void> {
    const blogId = (payload as { blog_id?: unknown } | null)?.blog_id;
    if (typeof blogId === 'string') await this.blogs.failGeneration(blogId, `${this.failure}: malformed job (${reason})`);
  }

  override async onFinalFailure(job: T, error: Error): Promise<void> {
    await this.blogs.failGeneration(job.blog_id, `${this.failure}: ${error.message}`, job.generation_id);
  }
}
