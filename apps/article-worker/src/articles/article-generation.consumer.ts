import { Injectable } from '@nestjs/common';
import { type JobContext, PermanentJobError, QueueConsumer, QueuePublisher } from '@platform/messaging';
import {
  type ArticleGenerationJob,
  ArticleStore,
  checkFacts,
  type FactCheck,
  NgWordCache,
  ngWordHits,
  RACE_CONTENT_QUEUES,
  waitsForGeneration,
} from '@platform/race-content-data';
import { draftText, screenDraft } from './article-html';
import { ArticleWriter } from './article-writer';

/** A written article whose placings disagree with race_result: the attempt fails and is retried. */
export class FactCheckError extends Error {
  override readonly name = 'FactCheckError';

  constructor(readonly check: FactCheck) {
    super(`fact check failed: ${check.reason}`);
  }
}

/**
 * First step of the article pipeline: writes the article text from the race result, checks the placings it
 * states against race_result, screens it against the NG words (cached, short expiry), and hands it to the builder
 * queue. A redelivered job whose article is no longer generating (or waits for another generation) changes nothing.
 */
@Injectable()
export class ArticleGenerationConsumer extends QueueConsumer<ArticleGenerationJob> {
  readonly queue = RACE_CONTENT_QUEUES.articleGeneration;

  constructor(
    private readonly articles: ArticleStore,
    private readonly ngWords: NgWordCache,
    private readonly writer: ArticleWriter,
    private readonly publisher: QueuePublisher,
  ) {
    super();
  }

  async handle(job: ArticleGenerationJob, context: JobContext): Promise<void> {
    const article = await this.articles.findById(job.article_id);
    if (!article) throw new PermanentJobError(`article ${job.article_id} does not exist`);
    if (!waitsForGeneration(article, job.generation_id)) return;
    const draft = await this.writer.write({
      title: job.title,
      racingType: job.racing_type,
      raceResult: job.race_result,
      customPrompt: job.custom_prompt ?? null,
    });
    const check = checkFacts(draftText(draft), job.race_result);
    if (!check.ok) throw new FactCheckError(check);
    const words = await this.ngWords.current();
    await this.publisher.publish(
      RACE_CONTENT_QUEUES.articleBuilder,
      {
        article_id: job.article_id,
        race_id: job.race_id,
        title: job.title,
        ...screenDraft(draft, words),
        ...(job.generation_id ? { generation_id: job.generation_id } : {}),
        accuracy_test_data: { ...check },
        ng_word_hits: ngWordHits(draftText(draft), words),
      },
      `${context.jobId}.build`,
    );
  }

  /** A poison message that still names an article fails that article at once instead of leaving it generating. */
  override async onMalformed(payload: unknown, reason: string): Promise<void> {
    const articleId = (payload as { article_id?: unknown } | null)?.article_id;
    if (typeof articleId !== 'string') return;
    await this.articles.failGeneration(articleId, `Article generation failed: malformed job (${reason})`);
  }

  override async onFinalFailure(job: ArticleGenerationJob, error: Error): Promise<void> {
    await this.articles.failGeneration(job.article_id, `Article generation failed: ${error.message}`, Date.now(), {
      generationId: job.generation_id,
      accuracyTestData: error instanceof FactCheckError ? { ...error.check } : undefined,
    });
  }
}
