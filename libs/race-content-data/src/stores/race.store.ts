import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS, RACE_COLLECTIONS } from '../collections';
import type { FoundRace, RaceDocument, RaceIdEntry } from '../documents';
import { RACING_TYPES, type RacingType } from '../jobs';
import { findLiveById, findPage, insertUnique, LIVE, type PageRequest, softDeleteLive, sortBy, updateLive } from './live-store';

export type RaceChanges = Partial<Pick<RaceDocument, 'name' | 'race_result_json' | 'prediction_json'>>;

/** The three race collections (one per racing type, `_id` = race_id) and the race-id registry (`race_ids`). */
@Injectable()
export class RaceStore {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private races(type: RacingType) {
    return this.db.collection<RaceDocument>(RACE_COLLECTIONS[type]);
  }

  private get registry() {
    return this.db.collection<RaceIdEntry>(COLLECTIONS.raceIds);
  }

  /** Race ids are unique across types, so a race is found by searching the three collections. */
  async find(raceId: string): Promise<FoundRace | undefined> {
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
  claimId(raceId: string, type: RacingType, now: number): Promise<boolean> {
    return insertUnique(this.registry, { _id: raceId, type, created_at: now });
  }

  async releaseId(raceId: string): Promise<void> {
    await this.registry.deleteOne({ _id: raceId });
  }

  /** Writes a new race; a deleted race of the same id in this collection is replaced. */
  async insert(type: RacingType, race: RaceDocument): Promise<void> {
    await this.races(type).replaceOne({ _id: race._id }, race, { upsert: true });
  }

  update(found: FoundRace, changes: RaceChanges, now: number): Promise<RaceDocument | null> {
    return updateLive<RaceDocument>(this.races(found.type), found.race._id, changes, now);
  }

  /** Soft-deletes the race, then frees its id. False when it was not live. */
  async softDelete(found: FoundRace, now: number): Promise<boolean> {
    if (!(await softDeleteLive(this.races(found.type), found.race._id, now))) return false;
    await this.releaseId(found.race._id);
    return true;
  }

  /** A page of the live races of a type, by name. */
  page(type: RacingType, page: PageRequest) {
    return findPage(this.races(type), { ...LIVE }, sortBy('name', page.order), page);
  }
}
