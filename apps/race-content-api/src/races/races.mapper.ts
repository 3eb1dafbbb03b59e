import { type ArticleStatus, parseJsonText, type RaceDocument, type RacingType } from '@platform/race-content-data';
import type { RaceResponse } from './dto/race.dto';

export function toRaceResponse(type: RacingType, race: RaceDocument, articleStatus: ArticleStatus | null = null): RaceResponse {
  return {
    id: race._id,
    type,
    name: race.name,
    race_result: parseJsonText(race.race_result_json),
    prediction: parseJsonText(race.prediction_json),
    article_status: articleStatus,
    created_at: race.created_at,
    updated_at: race.updated_at,
  };
}
