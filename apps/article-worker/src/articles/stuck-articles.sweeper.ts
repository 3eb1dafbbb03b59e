import { Inject, Injectable, Logger } from '@nestjs/common';
import { ArticleStore, GENERATION_OPTIONS, type GenerationOptions, PeriodicSweeper, stuckReason } from '@platform/race-content-data';

/**
 * Articles generating for longer than GENERATION_STUCK_AFTER_MS (15 min by default) lost their job (dead-lettered
 * while its failure could not be recorded, or never delivered): they become failed with the reason, so
 * GET /v1/articles?status=failed lists them and they can be regenerated. Compare-and-set, safe on every replica.
 */
@Injectable()
export class StuckArticlesSweeper extends PeriodicSweeper {
  protected readonly logger = new Logger('StuckArticles');

  constructor(
    private readonly articles: ArticleStore,
    @Inject(GENERATION_OPTIONS) private readonly options: GenerationOptions,
  ) {
    super(options.sweepIntervalMs);
  }

  protected readonly kind = 'article';

  protected oldestGeneratingSince(): Promise<number | undefined> {
    return this.articles.oldestGeneratingSince();
  }

  sweep(now = Date.now()): Promise<number> {
    return this.articles.failStuck(now - this.options.stuckAfterMs, stuckReason('Article generation', this.options.stuckAfterMs), now);
  }
}
