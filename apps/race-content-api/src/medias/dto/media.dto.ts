import { ApiProperty } from '@nestjs/swagger';
import { MEDIA_TYPES, type MediaType } from '@platform/race-content-data';
import { EnumField, TextField } from '@platform/contracts';
import { PageQuery } from '../../common/page.query';
import { IsMediaName, MAX_MEDIA_NAME_LENGTH } from '../media-name';

const NAME_DESCRIPTION = 'Unique; also the object key: no / or \\, not . or .., no control characters, no surrounding spaces';

/** The text fields of POST /v1/medias (before the file in the form). */
export class CreateMediaForm {
  @TextField({ min: 1, max: MAX_MEDIA_NAME_LENGTH * 2, description: NAME_DESCRIPTION })
  @IsMediaName()
  name!: string;

  @EnumField(MEDIA_TYPES, { description: "Must agree with the file's content" }) mime_type!: MediaType;
}

/** The text fields of PUT /v1/medias/{media_id}; both optional. */
export class UpdateMediaForm {
  @TextField({ optional: true, min: 1, max: MAX_MEDIA_NAME_LENGTH * 2, description: NAME_DESCRIPTION })
  @IsMediaName()
  name?: string;

  @EnumField(MEDIA_TYPES, { optional: true, description: "Must agree with the (new or stored) file's content" }) mime_type?: MediaType;
}

export class ListMediasQuery extends PageQuery {
  @EnumField(MEDIA_TYPES, { optional: true }) mime_type?: MediaType;
}

/** The Media of spec section 2. */
export class MediaResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: MEDIA_TYPES }) mime_type!: MediaType;
  @ApiProperty({ description: 'A presigned GET URL of the file, valid for one hour from this response' }) s3_url!: string;
  @ApiProperty({ type: 'integer', description: 'bytes' }) size!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Set only by the thumbnail worker' }) race_id!: string | null;
  @ApiProperty({ type: 'integer' }) created_at!: number;
  @ApiProperty({ type: 'integer' }) updated_at!: number;
}
