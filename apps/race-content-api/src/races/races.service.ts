import { Injectable } from '@nestjs/common';
import type { PagedList } from '@platform/contracts';
import {
  ArticleStore,
  type FoundRace,
  type RaceChanges,
  type RaceDocument,
  RaceStore,
  type RacingType,
  toJsonText,
} from '@platform/race-content-data';
import { pagedOf } from '../common/paged';
import { jsonObjectOf, type UploadedMultipartFile } from '../common/uploads';
import { notFound, RaceContentError } from '../race-content.errors';
import type { ListRacesQuery, RaceResponse, UpdateRaceDto } from './dto/race.dto';
import { raceIdOf, readPredictionFile, readRaceFile } from './race-file';
import { toRaceResponse } from './races.mapper';

@Injectable()
export class RacesService {
  constructor(
    private readonly races: RaceStore,
    private readonly articles: ArticleStore,
  ) {}

  /**
   * Registers an uploaded race result (`uploadRace`): id from its race_id, name from the file name. The id is
   * claimed in the registry before the race is written, so of two uploads of one race_id (of any types) one
   * gets 201 and the other 409.
   */
  async upload(type: RacingType, file: UploadedMultipartFile): Promise<RaceResponse> {
    const json = jsonObjectOf(file);
    const { raceId, name } = readRaceFile(json, file.originalname);
    const taken = () => new RaceContentError('RACE_ALREADY_EXISTS', `A race with race_id ${raceId} already exists`);
    if (await this.races.find(raceId)) throw taken();
    const now = Date.now();
    if (!(await this.races.claimId(raceId, type, now))) throw taken();
    const race: RaceDocument = {
      _id: raceId,
      name,
      race_result_json: toJsonText(json),
      prediction_json: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    try {
      await this.races.insert(type, race);
    } catch (error) {
      await this.races.releaseId(raceId).catch(() => undefined);
      throw error;
    }
    return toRaceResponse(type, race);
  }

  /** Attaches a prediction to the race its race_id names (400 for a bad file, 404 for an unknown race). */
  async attachPrediction(file: UploadedMultipartFile): Promise<RaceResponse> {
    const json = jsonObjectOf(file);
    const { raceId } = readPredictionFile(json);
    const stored = await this.require(raceId);
    return this.save(stored, { prediction_json: toJsonText(json) });
  }

  async list(query: ListRacesQuery): Promise<PagedList<RaceResponse>> {
    const found = await this.races.page(query.type, query);
    const statuses = await this.articles.latestStatusOfRaces(found.docs.map((race) => race._id));
    return pagedOf(query, found, (race) => toRaceResponse(query.type, race, statuses.get(race._id) ?? null));
  }

  async get(raceId: string): Promise<RaceResponse> {
    const { type, race } = await this.require(raceId);
    return toRaceResponse(type, race);
  }

  /** Changes name and race_result; a race_result naming another race_id is refused (422). */
  async update(raceId: string, body: UpdateRaceDto): Promise<RaceResponse> {
    if (body.race_result && 'race_id' in body.race_result && raceIdOf(body.race_result) !== raceId) {
      throw new RaceContentError('VALIDATION_FAILED', 'race_result.race_id must be the race id', [
        { field: 'race_result.race_id', message: `race_result.race_id must be ${raceId}` },
      ]);
    }
    const stored = await this.require(raceId);
    return this.save(stored, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.race_result !== undefined ? { race_result_json: toJsonText(body.race_result) } : {}),
    });
  }

  async delete(raceId: string): Promise<void> {
    const stored = await this.require(raceId);
    if (!(await this.races.softDelete(stored, Date.now()))) throw notFound('The race');
  }

  private async require(raceId: string): Promise<FoundRace> {
    const stored = await this.races.find(raceId);
    if (!stored) throw notFound('The race');
    return stored;
  }

  private async save(stored: FoundRace, changes: RaceChanges) {
    const updated = await this.races.update(stored, changes, Date.now());
    if (!updated) throw notFound('The race');
    return toRaceResponse(stored.type, updated);
  }
}
