import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';
import { EXAMPLE } from '../../common/examples';
import { LIMITS } from '../../common/fields';

/** POST /v1/categories. */
@ApiSchema({ description: 'A new blog category' })
export class CreateCategoryDto {
  @TextField({ min: 1, max: LIMITS.shortText, description: 'Category name; unique (409 when taken)', example: EXAMPLE.categoryName })
  name!: string;
}

@ApiSchema({ description: 'A blog category; blogs refer to it by id' })
export class CategoryResponse {
  @ApiProperty({ description: 'Category id (24 hexadecimal digits)', example: EXAMPLE.categoryId }) id!: string;
  @ApiProperty({ description: 'Category name; unique', example: EXAMPLE.categoryName }) name!: string;
  @ApiProperty({ type: 'integer', description: 'When the category was created, in ms since the epoch', example: EXAMPLE.createdAt })
  created_at!: number;
  @ApiProperty({ type: 'integer', description: 'When the category last changed, in ms since the epoch', example: EXAMPLE.createdAt })
  updated_at!: number;
}
