import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { type ArticleDocument, COLLECTIONS, findLiveById, toObjectId } from '@platform/race-content-data';
import { findPage, LIVE, sortBy } from '../common/mongo-page';
import type { ListArticlesQuery } from './dto/article.dto';

export type ArticleChanges = Partial<
  Pick<ArticleDocument, 'race_id' | 'title' | 'body_html' | 'status' | 'opening_at' | 'closing_at' | 'accuracy_test_data_json'>
>;

/** The articles collection: MongoDB only here. */
@Injectable()
export class ArticlesRepository {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get articles() {
    return this.db.collection<ArticleDocument>(COLLECTIONS.articles);
  }

  async insert(article: ArticleDocument): Promise<void> {
    await this.articles.insertOne(article);
  }

  async find(id: string): Promise<ArticleDocument | undefined> {
    const _id = toObjectId(id);
    return _id && findLiveById(this.articles, _id);
  }

  page(query: ListArticlesQuery) {
    const filter: Filter<ArticleDocument> = { ...LIVE };
    if (query.race_id !== undefined) filter.race_id = query.race_id;
    if (query.status !== undefined) filter.status = query.status;
    return findPage(this.articles, filter, sortBy('updated_at', query.order), query);
  }

  /** Applies the changes in one write, unless the article moved to `generating` since it was read. */
  async update(article: ArticleDocument, changes: ArticleChanges, now: number): Promise<ArticleDocument | null> {
    return this.articles.findOneAndUpdate(
      { _id: article._id, status: { $ne: 'generating' }, ...LIVE },
      { $set: { ...changes, updated_at: now } },
      { returnDocument: 'after' },
    );
  }

  /** failed to generating for a new generation, with the custom prompt; null when it was no longer failed. */
  async restartGeneration(article: ArticleDocument, customPrompt: string | null, generationId: string, now: number) {
    return this.articles.findOneAndUpdate(
      { _id: article._id, status: 'failed', ...LIVE },
      {
        $set: {
          status: 'generating',
          generation_error: null,
          custom_prompt: customPrompt,
          generation_id: generationId,
          updated_at: now,
        },
      },
      { returnDocument: 'after' },
    );
  }

  /** generating to failed, only while it waits for this generation (a publish that was not accepted). */
  async failGeneration(article: ArticleDocument, generationId: string, reason: string, now: number): Promise<boolean> {
    const result = await this.articles.updateOne(
      { _id: article._id, status: 'generating', generation_id: generationId, ...LIVE },
      { $set: { status: 'failed', generation_error: reason.slice(0, 1000), updated_at: now } },
    );
    return result.modifiedCount === 1;
  }

  async softDelete(article: ArticleDocument, now: number): Promise<boolean> {
    const result = await this.articles.updateOne({ _id: article._id, ...LIVE }, { $set: { deleted_at: now, updated_at: now } });
    return result.modifiedCount === 1;
  }
}
