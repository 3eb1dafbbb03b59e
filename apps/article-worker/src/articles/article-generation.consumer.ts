import { Injectable } from '@nestjs/common';
import { type JobContext, PermanentJobError, QueueConsumer, QueuePublisher } from '@platform/messaging';
import { type ArticleGenerationJob, ArticleStore, NgWordStore, RACE_CONTENT_QUEUES } from '@platform/race-content-data';
import { screenDraft } from './article-html';
import { ArticleWriter } from './article-writer';

/**
 * First step of the article pipeline: writes the article text from the race result, screens it against
 * the NG words, and hands it to the builder queue. A redelivered job whose article is no longer
 * generating changes nothing.
 */
@Injectable()
export class ArticleGenerationConsumer extends QueueConsumer<ArticleGenerationJob> {
  readonly queue = RACE_CONTENT_QUEUES.articleGeneration;

  constructor(
    private readonly articles: ArticleStore,
    private readonly ngWords: NgWordStore,
    private readonly writer: ArticleWriter,
    private readonly publisher: QueuePublisher,
  ) {
    super();
  }

  async handle(job: ArticleGenerationJob, context: JobContext): Promise<void> {
    const article = await this.articles.findById(job.article_id);
    if (!article) throw new PermanentJobError(`article ${job.article_id} does not exist`);
    if (article.status !== 'generating') return;
    const draft = await this.writer.write({
      title: job.title,
      racingType: job.racing_type,
      raceResult: job.race_result,
      customPrompt: job.custom_prompt ?? null,
    });
    const screened = screenDraft(draft, await this.ngWords.activeWords());
    await this.publisher.publish(
      RACE_CONTENT_QUEUES.articleBuilder,
      { article_id: job.article_id, race_id: job.race_id, title: job.title, ...screened },
      `${context.jobId}.build`,
    );
  }

  override async onFinalFailure(job: ArticleGenerationJob, error: Error): Promise<void> {
    await this.articles.failGeneration(job.article_id, `Article generation failed: ${error.message}`);
  }
}
