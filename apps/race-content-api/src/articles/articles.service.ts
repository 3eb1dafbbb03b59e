import { Injectable } from '@nestjs/common';
import { ObjectId } from 'mongodb';
import type { PagedList } from '@platform/contracts';
import {
  type ArticleChanges,
  type ArticleDocument,
  type ArticleStatus,
  ArticleStore,
  RaceStore,
  sanitizeBodyHtml,
  toJsonText,
} from '@platform/race-content-data';
import { pagedOf } from '../common/paged';
import { notFound, RaceContentError } from '../race-content.errors';
import { toArticleResponse } from './articles.mapper';
import type { ArticleResponse, CreateArticleDto, ListArticlesQuery, UpdateArticleDto } from './dto/article.dto';

/** Statuses an editor may set: generating and failed belong to the generation pipeline. */
const EDITABLE_STATUSES: readonly ArticleStatus[] = ['draft', 'published'];

function assertEditableStatus(status: ArticleStatus | null | undefined): void {
  if (status && !EDITABLE_STATUSES.includes(status)) {
    throw new RaceContentError('STATUS_NOT_ALLOWED', `status ${status} cannot be sent; send draft or published`);
  }
}

/** Manual articles (the Articles operations; the generation routes come with part 2). */
@Injectable()
export class ArticlesService {
  constructor(
    private readonly articles: ArticleStore,
    private readonly races: RaceStore,
  ) {}

  async create(body: CreateArticleDto): Promise<ArticleResponse> {
    assertEditableStatus(body.status);
    await this.assertRaceExists(body.race_id);
    const now = Date.now();
    const article: ArticleDocument = {
      _id: new ObjectId(),
      race_id: body.race_id,
      title: body.title,
      body_html: sanitizeBodyHtml(body.body_html),
      status: body.status ?? 'draft',
      opening_at: body.opening_at,
      closing_at: body.closing_at ?? null,
      accuracy_test_data_json: null,
      generation_error: null,
      custom_prompt: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.articles.insert(article);
    return toArticleResponse(article);
  }

  async list(query: ListArticlesQuery): Promise<PagedList<ArticleResponse>> {
    return pagedOf(query, await this.articles.page(query), toArticleResponse);
  }

  async get(articleId: string): Promise<ArticleResponse> {
    return toArticleResponse(await this.require(articleId));
  }

  /** The article only when it belongs to the race of the path (404 otherwise). */
  async getOfRace(raceId: string, articleId: string): Promise<ArticleResponse> {
    const article = await this.require(articleId);
    if (article.race_id !== raceId) throw notFound('The article of this race');
    return toArticleResponse(article);
  }

  /**
   * Omitted and null fields stay as they are; body_html and accuracy_test_data sent together change in the same
   * write. An article being generated belongs to the workers until they finish (409); only a draft or published
   * article changes status.
   */
  async update(articleId: string, body: UpdateArticleDto): Promise<ArticleResponse> {
    assertEditableStatus(body.status);
    const article = await this.require(articleId);
    if (article.status === 'generating') throw busy();
    if (body.status != null && !EDITABLE_STATUSES.includes(article.status)) {
      throw new RaceContentError('INVALID_STATE', `A ${article.status} article cannot change status; regenerate it instead`);
    }
    if (body.race_id != null && body.race_id !== article.race_id) await this.assertRaceExists(body.race_id);
    const changes: ArticleChanges = {};
    if (body.race_id != null) changes.race_id = body.race_id;
    if (body.title != null) changes.title = body.title;
    if (body.body_html != null) changes.body_html = sanitizeBodyHtml(body.body_html);
    if (body.status != null) changes.status = body.status;
    if (body.opening_at != null) changes.opening_at = body.opening_at;
    if (body.closing_at != null) changes.closing_at = body.closing_at;
    if (body.accuracy_test_data != null) changes.accuracy_test_data_json = toJsonText(body.accuracy_test_data);
    const updated = await this.articles.update(article, changes, Date.now());
    if (!updated) {
      if (await this.articles.findById(articleId)) throw busy();
      throw notFound('The article');
    }
    return toArticleResponse(updated);
  }

  async delete(articleId: string): Promise<void> {
    const article = await this.require(articleId);
    if (!(await this.articles.softDelete(article, Date.now()))) throw notFound('The article');
  }

  private async require(articleId: string): Promise<ArticleDocument> {
    const article = await this.articles.findById(articleId);
    if (!article) throw notFound('The article');
    return article;
  }

  private async assertRaceExists(raceId: string): Promise<void> {
    if (!(await this.races.find(raceId))) throw new RaceContentError('UNKNOWN_RACE', `No race has race_id ${raceId}`);
  }
}

function busy(): RaceContentError {
  return new RaceContentError('INVALID_STATE', 'The article is being generated; edit it once generation has finished');
}
