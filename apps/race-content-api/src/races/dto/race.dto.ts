import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ARTICLE_STATUSES, type ArticleStatus, RACING_TYPES, type RacingType } from '@platform/race-content-data';
import { EnumField, JsonObjectField, TextField } from '@platform/contracts';
import { EXAMPLE } from '../../common/examples';
import { PageQuery } from '../../common/page.query';
import { MAX_RACE_NAME_LENGTH } from '../race-file';

/** An uploaded race result, shortened: the file is stored as is, whatever else it holds. */
const RACE_RESULT_EXAMPLE = {
  race_id: EXAMPLE.raceId,
  race_date: '2026-11-01',
  track_name: '東京',
  race_number: '11',
  race_name: '天皇賞（秋）',
  entries: [
    { rank: 1, number: 7, name: 'ハヤテノカゼ', jockey: '川田 将雅', time: '1:56.8', odds: 3.4, popularity: 1 },
    { rank: 2, number: 11, name: 'サクラブライト', jockey: 'C.ルメール', time: '1:57.0', odds: 4.1, popularity: 2 },
  ],
};

/** An uploaded prediction, shortened. */
const PREDICTION_EXAMPLE = {
  race_id: EXAMPLE.raceId,
  model: 'local-v1',
  generated_at: '2026-10-31T12:00:00+09:00',
  entries: [{ number: 7, name: 'ハヤテノカゼ', mark: '◎', win_probability: 0.29, odds: 3.4, comment: '前走の末脚が鋭い' }],
};

/** The text fields of POST /v1/races (the file comes beside them). */
export class UploadRaceForm {
  @EnumField(RACING_TYPES, { description: 'Racing type: the collection the race is stored in' }) type!: RacingType;
}

/** GET /v1/races: one racing type, ordered by name (which begins with the date). */
export class ListRacesQuery extends PageQuery {
  @EnumField(RACING_TYPES, { description: 'Racing type' }) type!: RacingType;
}

/** PUT /v1/races/{race_id}: omitted fields stay as they are; the prediction is not changed here. */
@ApiSchema({ description: "Changes to a race's name or result: omitted fields stay as they are; the prediction is not changed here" })
export class UpdateRaceDto {
  @TextField({
    optional: true,
    min: 1,
    max: MAX_RACE_NAME_LENGTH,
    description: 'Race name (uploads take it from the file name; lists are ordered by it, so keep the date first)',
    example: EXAMPLE.raceName,
  })
  name?: string;

  @JsonObjectField({
    optional: true,
    description: 'The whole race result, replacing the stored one; its race_id, if any, must be the race id',
    example: RACE_RESULT_EXAMPLE,
  })
  race_result?: Record<string, unknown>;
}

/** A race as the API answers it (`RaceResponse` in docs/openapi/race-content-api.json). */
@ApiSchema({ description: 'A race: its uploaded result, its prediction if one was attached, and the status of its latest article' })
export class RaceResponse {
  @ApiProperty({ description: 'The race_id inside the uploaded JSON; unique across racing types', example: EXAMPLE.raceId }) id!: string;
  @ApiProperty({ enum: RACING_TYPES, description: 'Racing type: the collection the race is stored in', example: 'horse_racing' })
  type!: RacingType;
  @ApiProperty({ description: 'The uploaded file name without .json, unless renamed', example: EXAMPLE.raceName }) name!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The uploaded JSON, stored as is', example: RACE_RESULT_EXAMPLE })
  race_result!: Record<string, unknown>;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The prediction JSON; null when none',
    example: PREDICTION_EXAMPLE,
  })
  prediction!: Record<string, unknown> | null;
  @ApiProperty({
    enum: [...ARTICLE_STATUSES, null],
    nullable: true,
    description: 'Status of the latest article of the race; set only in list responses, null otherwise',
    example: 'draft',
  })
  article_status!: ArticleStatus | null;
  @ApiProperty({ type: 'integer', description: 'When the race was uploaded, in ms since the epoch', example: EXAMPLE.createdAt })
  created_at!: number;
  @ApiProperty({ type: 'integer', description: 'When the race last changed, in ms since the epoch', example: EXAMPLE.updatedAt })
  updated_at!: number;
}
