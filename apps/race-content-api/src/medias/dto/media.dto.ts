import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { MEDIA_TYPES, type MediaType } from '@platform/race-content-data';
import { EnumField, TextField } from '@platform/contracts';
import { EXAMPLE } from '../../common/examples';
import { PageQuery } from '../../common/page.query';
import { IsMediaName, MAX_MEDIA_NAME_LENGTH } from '../media-name';

const NAME_DESCRIPTION = 'Unique; also the object key: no / or \\, not . or .., no control characters, no surrounding spaces';
const NAME_EXAMPLE = 'tenno-sho-2026-paddock.jpg';

/** The text fields of POST /v1/medias (before the file in the form). */
export class CreateMediaForm {
  @TextField({ min: 1, max: MAX_MEDIA_NAME_LENGTH * 2, description: NAME_DESCRIPTION, example: NAME_EXAMPLE })
  @IsMediaName()
  name!: string;

  @EnumField(MEDIA_TYPES, { description: "Kind of file; must agree with the file's content" }) mime_type!: MediaType;
}

/** The text fields of PUT /v1/medias/{media_id}; both optional. */
export class UpdateMediaForm {
  @TextField({ optional: true, min: 1, max: MAX_MEDIA_NAME_LENGTH * 2, description: NAME_DESCRIPTION, example: NAME_EXAMPLE })
  @IsMediaName()
  name?: string;

  @EnumField(MEDIA_TYPES, { optional: true, description: "Must agree with the (new or stored) file's content" }) mime_type?: MediaType;
}

export class ListMediasQuery extends PageQuery {
  @EnumField(MEDIA_TYPES, { optional: true }) mime_type?: MediaType;
}

/** A media as the API answers it (`MediaResponse` in docs/openapi/race-content-api.json). */
@ApiSchema({ description: 'An image or video in object storage, with a presigned address to fetch it' })
export class MediaResponse {
  @ApiProperty({ description: 'Media id (24 hexadecimal digits)', example: EXAMPLE.mediaId }) id!: string;
  @ApiProperty({ description: 'File name; unique, and also the object key', example: NAME_EXAMPLE }) name!: string;
  @ApiProperty({ enum: MEDIA_TYPES, description: 'Kind of file, checked against its bytes on upload' }) mime_type!: MediaType;
  @ApiProperty({
    description: 'A presigned GET URL of the file, valid for one hour from this response',
    example:
      `https://race-content-media.s3.ap-northeast-1.amazonaws.com/medias/${NAME_EXAMPLE}` +
      '?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=5f2a9c0e',
  })
  s3_url!: string;
  @ApiProperty({ type: 'integer', description: 'Size of the file, in bytes', example: 184_320 }) size!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The race_id of a blog thumbnail's race (set only by the thumbnail worker); null for uploaded media",
    example: null,
  })
  race_id!: string | null;
  @ApiProperty({ type: 'integer', description: 'When the media was uploaded, in ms since the epoch', example: EXAMPLE.createdAt })
  created_at!: number;
  @ApiProperty({ type: 'integer', description: 'When the media last changed, in ms since the epoch', example: EXAMPLE.updatedAt })
  updated_at!: number;
}
