import { Inject, Injectable, Logger } from '@nestjs/common';
import { BlogStore, GENERATION_OPTIONS, type GenerationOptions, PeriodicSweeper, stuckReason } from '@platform/race-content-data';

/**
 * Blogs generating for longer than GENERATION_STUCK_AFTER_MS (15 min by default) lost their job: they go back to
 * draft with the reason in generation_error and a note in the body (blogs have no failed status). Compare-and-set
 * per blog, safe on every replica.
 */
@Injectable()
export class StuckBlogsSweeper extends PeriodicSweeper {
  protected readonly logger = new Logger('StuckBlogs');

  constructor(
    private readonly blogs: BlogStore,
    @Inject(GENERATION_OPTIONS) private readonly options: GenerationOptions,
  ) {
    super(options.sweepIntervalMs);
  }

  protected readonly kind = 'blog';

  protected oldestGeneratingSince(): Promise<number | undefined> {
    return this.blogs.oldestGeneratingSince();
  }

  sweep(now = Date.now()): Promise<number> {
    return this.blogs.releaseStuck(now - this.options.stuckAfterMs, stuckReason('Blog generation', this.options.stuckAfterMs), 100, now);
  }
}
