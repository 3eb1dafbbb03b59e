import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';
import { LIMITS } from '../../common/fields';

/** POST /v1/categories. */
export class CreateCategoryDto {
  @TextField({ min: 1, max: LIMITS.shortText, description: 'Category name; unique' }) name!: string;
}

export class CategoryResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer' }) created_at!: number;
  @ApiProperty({ type: 'integer' }) updated_at!: number;
}
