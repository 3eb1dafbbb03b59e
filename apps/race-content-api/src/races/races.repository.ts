import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import {
  type ArticleDocument,
  type ArticleStatus,
  COLLECTIONS,
  findLiveById,
  RACE_COLLECTIONS,
  type RaceDocument,
  type RaceIdEntry,
  RACING_TYPES,
  type RacingType,
} from '@platform/race-content-data';
import { findPage, isDuplicateKey, LIVE, sortBy } from '../common/mongo-page';
import type { PageQuery } from '../common/page.query';

export type RaceChanges = Partial<Pick<RaceDocument, 'name' | 'race_result_json' | 'prediction_json'>>;

export interface StoredRace {
  type: RacingType;
  race: RaceDocument;
}

/** The race collections and the race-id registry: MongoDB only here. */
@Injectable()
export class RacesRepository {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private races(type: RacingType) {
    return this.db.collection<RaceDocument>(RACE_COLLECTIONS[type]);
  }

  private get registry() {
    return this.db.collection<RaceIdEntry>(COLLECTIONS.raceIds);
  }

  /** The live race with this id, whichever collection holds it. */
  async find(raceId: string): Promise<StoredRace | undefined> {
    const found = await Promise.all(
      RACING_TYPES.map(async (type) => {
        const race = await findLiveById(this.races(type), raceId);
        return race ? { type, race } : undefined;
      }),
    );
    return found.find((f) => f !== undefined);
  }

  /**
   * Claims a race id for a type: false when it is taken. The registry's unique _id decides between concurrent
   * uploads of one race_id, whatever their types.
   */
  async claimId(raceId: string, type: RacingType, now: number): Promise<boolean> {
    try {
      await this.registry.insertOne({ _id: raceId, type, created_at: now });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async releaseId(raceId: string): Promise<void> {
    await this.registry.deleteOne({ _id: raceId });
  }

  /** Writes a new race; a deleted race of the same id in this collection is replaced. */
  async insert(type: RacingType, race: RaceDocument): Promise<void> {
    await this.races(type).replaceOne({ _id: race._id }, race, { upsert: true });
  }

  async update(stored: StoredRace, changes: RaceChanges, now: number) {
    return this.races(stored.type).findOneAndUpdate(
      { _id: stored.race._id, ...LIVE },
      { $set: { ...changes, updated_at: now } },
      { returnDocument: 'after' },
    );
  }

  /** Soft-deletes the race, then frees its id. False when it was not live. */
  async softDelete(stored: StoredRace, now: number): Promise<boolean> {
    const result = await this.races(stored.type).updateOne(
      { _id: stored.race._id, ...LIVE },
      { $set: { deleted_at: now, updated_at: now } },
    );
    if (result.modifiedCount === 0) return false;
    await this.releaseId(stored.race._id);
    return true;
  }

  page(type: RacingType, page: PageQuery) {
    return findPage(this.races(type), { ...LIVE }, sortBy('name', page.order), page);
  }

  /**
   * The status of the latest article (by creation) of each race, for a whole page of races in one query: the
   * articles of those races, newest first, the first of each race kept. (A `$group` with `$first` would do it
   * on MongoDB; FerretDB does not implement `$first`, and a race has only a few articles.)
   */
  async latestArticleStatuses(raceIds: string[]): Promise<Map<string, ArticleStatus>> {
    const statuses = new Map<string, ArticleStatus>();
    if (raceIds.length === 0) return statuses;
    const articles = await this.db
      .collection<ArticleDocument>(COLLECTIONS.articles)
      .find({ race_id: { $in: raceIds }, ...LIVE }, { projection: { race_id: 1, status: 1 } })
      .sort({ race_id: 1, created_at: -1, _id: -1 })
      .toArray();
    for (const article of articles) if (!statuses.has(article.race_id)) statuses.set(article.race_id, article.status);
    return statuses;
  }
}
