import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { QueuePublisher, QueueUnavailableError } from '@platform/messaging';
import {
  type ArticleDocument,
  type ArticleGenerationJob,
  ArticleStore,
  type FoundRace,
  generatingArticle,
  hasFinishingOrder,
  parseJsonText,
  RACE_CONTENT_QUEUES,
  RaceStore,
} from '@platform/race-content-data';
import { notFound, RaceContentError } from '../race-content.errors';
import type { GenerateArticleDto, RegenerateArticleDto } from './dto/article-generation.dto';

/**
 * AI articles (`generateArticle` and `regenerateArticle` in docs/openapi/race-content-api.json): the article is stored
 * as generating, then its job is published with a broker confirm. When the publish fails the caller gets 503 and the
 * article does not stay generating: it is recorded as failed with the reason (so it shows in GET
 * /v1/articles?status=failed and can be regenerated).
 */
@Injectable()
export class ArticleGenerationService {
  private readonly logger = new Logger(ArticleGenerationService.name);

  constructor(
    private readonly articles: ArticleStore,
    private readonly races: RaceStore,
    private readonly publisher: QueuePublisher,
  ) {}

  async generate(body: GenerateArticleDto): Promise<{ id: string }> {
    const race = await this.races.find(body.race_id);
    if (!race) throw new RaceContentError('UNKNOWN_RACE', `No race has race_id ${body.race_id}`);
    const raceResult = requireFinishingOrder(race);
    const now = Date.now();
    const generationId = randomUUID();
    const article = generatingArticle(
      { race_id: body.race_id, title: body.title, opening_at: body.opening_at, closing_at: body.closing_at ?? null },
      generationId,
      now,
    );
    await this.articles.insert(article);
    await this.queue(article, race, raceResult, generationId);
    return { id: article._id.toHexString() };
  }

  /**
   * Only a failed article is regenerated (409 otherwise), and only while its race exists (400) with a finishing
   * order (422). It goes back to generating with generation_error cleared and the custom prompt stored (omitted,
   * null or empty keeps the previous one), then its job is queued.
   */
  async regenerate(articleId: string, body: RegenerateArticleDto | undefined): Promise<{ id: string }> {
    const article = await this.articles.findById(articleId);
    if (!article) throw notFound('The article');
    if (article.status !== 'failed') {
      throw new RaceContentError('INVALID_STATE', `Only a failed article is regenerated; this one is ${article.status}`);
    }
    const race = await this.races.find(article.race_id);
    if (!race) throw new RaceContentError('UNKNOWN_RACE', `The race ${article.race_id} of the article does not exist`);
    const raceResult = requireFinishingOrder(race);
    const customPrompt = body?.custom_prompt ? body.custom_prompt : (article.custom_prompt ?? null);
    const generationId = randomUUID();
    const restarted = await this.articles.restartGeneration(article, customPrompt, generationId, Date.now());
    if (!restarted) throw new RaceContentError('INVALID_STATE', 'The article changed meanwhile and is no longer failed');
    await this.queue(restarted, race, raceResult, generationId);
    return { id: articleId };
  }

  private async queue(article: ArticleDocument, race: FoundRace, raceResult: Record<string, unknown>, generationId: string) {
    const job: ArticleGenerationJob = {
      article_id: article._id.toHexString(),
      race_id: article.race_id,
      racing_type: race.type,
      title: article.title,
      race_result: raceResult,
      generation_id: generationId,
      ...(article.custom_prompt ? { custom_prompt: article.custom_prompt } : {}),
    };
    try {
      await this.publisher.publish(RACE_CONTENT_QUEUES.articleGeneration, job, generationId);
    } catch (error) {
      const reason = error instanceof QueueUnavailableError ? error.message : 'The job could not be queued';
      await this.articles
        .failGeneration(job.article_id, `Not queued: ${reason}`, Date.now(), { generationId })
        .catch((e: Error) => this.logger.error({ err: e.message, articleId: job.article_id }, 'could not record the failed publish'));
      if (error instanceof QueueUnavailableError) throw error;
      throw new QueueUnavailableError((error as Error).message);
    }
  }
}

function requireFinishingOrder(race: FoundRace): Record<string, unknown> {
  const raceResult = parseJsonText(race.race.race_result_json);
  if (!hasFinishingOrder(raceResult)) {
    throw new RaceContentError('NO_FINISHING_ORDER', `The race ${race.race._id} has no finishing order (void or cancelled)`);
  }
  return raceResult;
}
