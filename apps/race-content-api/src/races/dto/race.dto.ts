import { ApiProperty } from '@nestjs/swagger';
import { ARTICLE_STATUSES, type ArticleStatus, RACING_TYPES, type RacingType } from '@platform/race-content-data';
import { EnumField, JsonObjectField, TextField } from '@platform/contracts';
import { PageQuery } from '../../common/page.query';
import { MAX_RACE_NAME_LENGTH } from '../race-file';

/** The text fields of POST /v1/races (the file comes beside them). */
export class UploadRaceForm {
  @EnumField(RACING_TYPES, { description: 'Racing type: the collection the race is stored in' }) type!: RacingType;
}

/** GET /v1/races: one racing type, ordered by name (which begins with the date). */
export class ListRacesQuery extends PageQuery {
  @EnumField(RACING_TYPES, { description: 'Racing type' }) type!: RacingType;
}

/** PUT /v1/races/{race_id}: omitted fields stay as they are; the prediction is not changed here. */
export class UpdateRaceDto {
  @TextField({ optional: true, min: 1, max: MAX_RACE_NAME_LENGTH, description: 'Race name' }) name?: string;

  @JsonObjectField({ optional: true, description: 'The whole race result; its race_id, if any, must be the race id' })
  race_result?: Record<string, unknown>;
}

/** The Race of spec section 2. */
export class RaceResponse {
  @ApiProperty({ description: 'The race_id inside the uploaded JSON' }) id!: string;
  @ApiProperty({ enum: RACING_TYPES }) type!: RacingType;
  @ApiProperty({ description: 'The uploaded file name without .json' }) name!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The uploaded JSON, stored as is' })
  race_result!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'The prediction JSON; null when none' })
  prediction!: Record<string, unknown> | null;
  @ApiProperty({
    enum: [...ARTICLE_STATUSES, null],
    nullable: true,
    description: 'Status of the latest article of the race; set only in list responses, null otherwise',
  })
  article_status!: ArticleStatus | null;
  @ApiProperty({ type: 'integer', description: 'ms since the epoch' }) created_at!: number;
  @ApiProperty({ type: 'integer', description: 'ms since the epoch' }) updated_at!: number;
}
