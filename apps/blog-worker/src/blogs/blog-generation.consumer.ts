import { Injectable } from '@nestjs/common';
import { PermanentJobError } from '@platform/messaging';
import { type BlogGenerationJob, BlogStore, parseJsonText, RACE_CONTENT_QUEUES, RaceStore } from '@platform/race-content-data';
import { BlogContentService } from './blog-content.service';
import { BlogJobConsumer } from './blog-job.consumer';
import { type BlogRequest, BlogWriter } from './blog-writer';

/**
 * blog-generation: a recap or prediction blog written from the race data (POST /v1/blogs/generate). Idempotent by
 * state: a blog no longer generating, or waiting for another generation, is left as it is.
 */
@Injectable()
export class BlogGenerationConsumer extends BlogJobConsumer<BlogGenerationJob> {
  readonly queue = RACE_CONTENT_QUEUES.blogGeneration;
  protected readonly failure = 'Blog generation failed';

  constructor(
    blogs: BlogStore,
    private readonly races: RaceStore,
    private readonly writer: BlogWriter,
    private readonly content: BlogContentService,
  ) {
    super(blogs);
  }

  async handle(job: BlogGenerationJob): Promise<void> {
    const blog = await this.waitingBlog(job);
    if (!blog) return;
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
}
