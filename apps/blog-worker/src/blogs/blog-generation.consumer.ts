import { Injectable } from '@nestjs/common';
import { PermanentJobError, QueueConsumer } from '@platform/messaging';
import { type BlogGenerationJob, BlogStore, parseJsonText, RACE_CONTENT_QUEUES, RaceStore } from '@platform/race-content-data';
import { BlogContentService } from './blog-content.service';
import { type BlogRequest, BlogWriter } from './blog-writer';
import { waitsFor } from './waits-for';

/**
 * blog-generation: a recap or prediction blog written from the race data (POST /v1/blogs/generate). Idempotent by
 * state: a blog no longer generating, or waiting for another generation, is left as it is.
 */
@Injectable()
export class BlogGenerationConsumer extends QueueConsumer<BlogGenerationJob> {
  readonly queue = RACE_CONTENT_QUEUES.blogGeneration;

  constructor(
    private readonly blogs: BlogStore,
    private readonly races: RaceStore,
    private readonly writer: BlogWriter,
    private readonly content: BlogContentService,
  ) {
    super();
  }

  async handle(job: BlogGenerationJob): Promise<void> {
    const blog = await this.blogs.findById(job.blog_id);
    if (!blog) throw new PermanentJobError(`blog ${job.blog_id} does not exist`);
    if (!waitsFor(blog, job.generation_id)) return;
    const found = await this.races.find(job.race_id);
    if (!found) throw new PermanentJobError(`race ${job.race_id} does not exist`);
    const raceResult = parseJsonText(found.race.race_result_json);
    let request: BlogRequest;
    if (job.kind === 'prediction') {
      const prediction = parseJsonText(found.race.prediction_json);
      if (!prediction) throw new PermanentJobError(`race ${job.race_id} has no prediction`);
      request = { kind: 'prediction', name: blog.name, racingType: found.type, raceResult, prediction };
    } else {
      request = { kind: 'recap', name: blog.name, racingType: found.type, raceResult };
    }
    await this.content.complete(blog, await this.writer.write(request), job.generation_id);
  }

  override async onMalformed(payload: unknown, reason: string): Promise<void> {
    const blogId = (payload as { blog_id?: unknown } | null)?.blog_id;
    if (typeof blogId === 'string') await this.blogs.failGeneration(blogId, `Blog generation failed: malformed job (${reason})`);
  }

  override async onFinalFailure(job: BlogGenerationJob, error: Error): Promise<void> {
    await this.blogs.failGeneration(job.blog_id, `Blog generation failed: ${error.message}`, job.generation_id);
  }
}
