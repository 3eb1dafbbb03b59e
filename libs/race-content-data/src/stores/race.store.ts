import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS, RACE_COLLECTIONS } from '../documents/collections';
import type { FoundRace, RaceDocument, RaceIdEntry } from '../documents/documents';
import { RACING_TYPES, type RacingType } from '../jobs/jobs';
import { findLiveById, findPage, insertUnique, LIVE, type PageRequest, softDeleteLive, sortBy, updateLive } from './live-store';

export type RaceChanges = Partial<Pick<RaceDocument, 'name' | 'race_result_json' | 'prediction_json'>>;

/** How many race ids RaceStore remembers the type of (the oldest is forgotten first). */
export const KNOWN_RACE_TYPES = 10_000;

/**
 * The three race collections (one per racing type, `_id` = race_id) and the race-id registry (`race_ids`).
 * A race is read by id in the one collection of its type: the type of a race id is remembered once seen, since it
 * cannot change while the race lives (the registry names one type per live id; a delete soft-deletes the race
 * before it frees the id), and otherwise read from the registry.
 */
@Injectable()
export class RaceStore {
  private readonly knownTypes = new Map<string, RacingType>();

  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private races(type: RacingType) {
    return this.db.collection<RaceDocument>(RACE_COLLECTIONS[type]);
  }

  private get registry() {
    return this.db.collection<RaceIdEntry>(COLLECTIONS.raceIds);
  }

  /**
   * The live race of this id, in one read by id when its type is known; else its type is read from the registry
   * first. A remembered type whose collection holds no live race of the id (deleted, maybe uploaded again as
   * another type) is read again from the registry. A race without a registry entry (written straight to its
   * collection) is searched in the three collections.
   */
  async find(raceId: string): Promise<FoundRace | undefined> {
    const known = this.knownTypes.get(raceId);
    if (known) {
      const race = await findLiveById(this.races(known), raceId);
      if (race) return { type: known, race };
      this.knownTypes.delete(raceId);
    }
    const entry = await this.registry.findOne({ _id: raceId });
    const found = entry ? await this.findIn(entry.type, raceId) : await this.search(raceId);
    if (found) this.remember(raceId, found.type);
    return found;
  }

  private async findIn(type: RacingType, raceId: string): Promise<FoundRace | undefined> {
    const race = await findLiveById(this.races(type), raceId);
    return race && { type, race };
  }

  private async search(raceId: string): Promise<FoundRace | undefined> {
    const found = await Promise.all(RACING_TYPES.map((type) => this.findIn(type, raceId)));
    return found.find((f) => f !== undefined);
  }

  private remember(raceId: string, type: RacingType) {
    this.knownTypes.delete(raceId);
    this.knownTypes.set(raceId, type);
    if (this.knownTypes.size > KNOWN_RACE_TYPES) this.knownTypes.delete(this.knownTypes.keys().next().value!);
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
