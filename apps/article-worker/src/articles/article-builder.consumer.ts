import { Injectable } from '@nestjs/common';
import { PermanentJobError, QueueConsumer } from '@platform/messaging';
import { type ArticleBuildJob, ArticleStore, RACE_CONTENT_QUEUES, waitsForGeneration } from '@platform/race-content-data';
import { renderArticleHtml } from './article-html';

/**
 * Second step: builds body_html from the written text, stores it with the fact check and the NG-word hits, and
 * moves the article to draft (compare-and-set: only an article still waiting for this generation), reading the
 * article once: the claim that ends the generation is taken on the article read here.
 */
@Injectable()
export class ArticleBuilderConsumer extends QueueConsumer<ArticleBuildJob> {
  readonly queue = RACE_CONTENT_QUEUES.articleBuilder;

  constructor(private readonly articles: ArticleStore) {
    super();
  }

  async handle(job: ArticleBuildJob): Promise<void> {
    const article = await this.articles.findById(job.article_id);
    if (!article) throw new PermanentJobError(`article ${job.article_id} does not exist`);
    if (!waitsForGeneration(article, job.generation_id)) return;
    await this.articles.completeGeneration(article, renderArticleHtml(job), Date.now(), {
      generationId: job.generation_id,
      accuracyTestData: job.accuracy_test_data,
      ngWordHits: job.ng_word_hits,
    });
  }

  override async onMalformed(payload: unknown, reason: string): Promise<void> {
    const articleId = (payload as { article_id?: unknown } | null)?.article_id;
    if (typeof articleId !== 'string') return;
    await this.articles.failGeneration(articleId, `Article build failed: malformed job (${reason})`);
  }

  override async onFinalFailure(job: ArticleBuildJob, error: Error): Promise<void> {
    await this.articles.failGeneration(job.article_id, `Article build failed: ${error.message}`, Date.now(), {
      generationId: job.generation_id,
    });
  }
}
