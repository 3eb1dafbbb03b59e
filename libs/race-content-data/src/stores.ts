import { Inject, Injectable } from '@nestjs/common';
import { type Db, ObjectId } from 'mongodb';
import { RACING_TYPES } from './jobs';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS, RACE_COLLECTIONS } from './collections';
import type { ArticleDocument, FoundRace, NgWordDocument, RaceDocument } from './documents';

/** The ObjectId a string names, or undefined when it is not one (such ids match nothing). */
export function toObjectId(id: string): ObjectId | undefined {
  return /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : undefined;
}

const notDeleted = { deleted_at: null };

@Injectable()
export class RaceStore {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  /** Race ids are unique across types, so a race is found by searching the three collections. */
  async find(raceId: string): Promise<FoundRace | undefined> {
    const found = await Promise.all(
      RACING_TYPES.map(async (type) => {
        const race = await this.db.collection<RaceDocument>(RACE_COLLECTIONS[type]).findOne({ _id: raceId, ...notDeleted });
        return race ? { type, race } : undefined;
      }),
    );
    return found.find((f) => f !== undefined);
  }
}

@Injectable()
export class ArticleStore {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get articles() {
    return this.db.collection<ArticleDocument>(COLLECTIONS.articles);
  }

  async findById(id: string): Promise<ArticleDocument | undefined> {
    const _id = toObjectId(id);
    return (_id && (await this.articles.findOne({ _id, ...notDeleted }))) || undefined;
  }

  /**
   * generating to draft with the built body (and the fact check and NG-word hits when given); false when the
   * article was no longer generating, or waits for another generation than `details.generationId`.
   */
  async completeGeneration(id: string, bodyHtml: string, now = Date.now(), details: GenerationDetails = {}): Promise<boolean> {
    const result = await this.articles.updateOne(
      { _id: toObjectId(id), status: 'generating', ...notDeleted, ...sameGeneration(details.generationId) },
      {
        $set: {
          status: 'draft',
          body_html: bodyHtml,
          generation_error: null,
          ...(details.accuracyTestData ? { accuracy_test_data_json: JSON.stringify(details.accuracyTestData) } : {}),
          ...(details.ngWordHits ? { ng_word_hits: details.ngWordHits } : {}),
          updated_at: now,
        },
      },
    );
    return result.modifiedCount === 1;
  }

  /** generating to failed with the reason (and the failed fact check when given); false when no longer generating. */
  async failGeneration(id: string, reason: string, now = Date.now(), details: GenerationDetails = {}): Promise<boolean> {
    const result = await this.articles.updateOne(
      { _id: toObjectId(id), status: 'generating', ...notDeleted, ...sameGeneration(details.generationId) },
      {
        $set: {
          status: 'failed',
          generation_error: reason.slice(0, 1000),
          ...(details.accuracyTestData ? { accuracy_test_data_json: JSON.stringify(details.accuracyTestData) } : {}),
          updated_at: now,
        },
      },
    );
    return result.modifiedCount === 1;
  }

  /** Articles generating since before `before` become failed with the reason; answers how many. */
  async failStuck(before: number, reason: string, now = Date.now()): Promise<number> {
    const result = await this.articles.updateMany(
      { status: 'generating', updated_at: { $lt: before }, ...notDeleted },
      { $set: { status: 'failed', generation_error: reason.slice(0, 1000), updated_at: now } },
    );
    return result.modifiedCount;
  }
}

export interface GenerationDetails {
  /** Only the generation with this job id may finish (absent: any). */
  generationId?: string | null;
  accuracyTestData?: Record<string, unknown> | null;
  ngWordHits?: string[];
}

/** The filter of "this generation": documents without a generation id (made before ids existed) match any. */
export function sameGeneration(generationId: string | null | undefined): Record<string, unknown> {
  return generationId ? { generation_id: { $in: [generationId, null] } } : {};
}

@Injectable()
export class NgWordStore {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  /** The prohibited words generation output is screened against. */
  async activeWords(): Promise<string[]> {
    const words = await this.db
      .collection<NgWordDocument>(COLLECTIONS.ngWords)
      .find(notDeleted, { projection: { name: 1 } })
      .toArray();
    return words.map((w) => w.name).filter((name) => name.length > 0);
  }
}
