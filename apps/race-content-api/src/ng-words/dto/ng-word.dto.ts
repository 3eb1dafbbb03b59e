import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';
import { LIMITS } from '../../common/fields';

/** POST and PUT /v1/ng_words. */
export class NgWordDto {
  @TextField({ min: 1, max: LIMITS.shortText, description: 'The prohibited word; unique' }) name!: string;
}

/** The NG word of spec section 2. */
export class NgWordResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer' }) created_at!: number;
  @ApiProperty({ type: 'integer' }) updated_at!: number;
}
