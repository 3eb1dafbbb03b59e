import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';
import { EXAMPLE } from '../../common/examples';
import { LIMITS } from '../../common/fields';

/** POST and PUT /v1/ng_words. */
@ApiSchema({ description: 'An NG word: a prohibited word the workers screen generated text for and mask' })
export class NgWordDto {
  @TextField({ min: 1, max: LIMITS.shortText, description: 'The prohibited word; unique (409 when taken)', example: EXAMPLE.ngWord })
  name!: string;
}

/** An NG word as the API answers it (`NgWordResponse` in docs/openapi/race-content-api.json). */
@ApiSchema({ description: 'A prohibited word; generated articles and blogs are screened for it' })
export class NgWordResponse {
  @ApiProperty({ description: 'NG word id (24 hexadecimal digits)', example: EXAMPLE.ngWordId }) id!: string;
  @ApiProperty({ description: 'The prohibited word; unique', example: EXAMPLE.ngWord }) name!: string;
  @ApiProperty({ type: 'integer', description: 'When the word was added, in ms since the epoch', example: EXAMPLE.createdAt })
  created_at!: number;
  @ApiProperty({ type: 'integer', description: 'When the word last changed, in ms since the epoch', example: EXAMPLE.updatedAt })
  updated_at!: number;
}
