import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiRaceContentResponse, type PagedList } from '@platform/contracts';
import { PageQuery } from '../common/page.query';
import { CategoriesService } from './categories.service';
import { CategoryResponse, CreateCategoryDto } from './dto/category.dto';

@ApiTags('Categories')
@Controller('v1/categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @ApiOperation({ operationId: 'listCategories', summary: 'List blog categories', description: 'Viewer and above. By updated_at.' })
  @ApiRaceContentResponse(200, [CategoryResponse], 'A page of categories', { paged: true })
  list(@Query() query: PageQuery): Promise<PagedList<CategoryResponse>> {
    return this.categories.list(query);
  }

  @Post()
  @ApiOperation({ operationId: 'createCategory', summary: 'Add a blog category', description: 'Member and above.' })
  @ApiRaceContentResponse(201, CategoryResponse, 'The category')
  @ApiErrorResponses({ 403: 'The caller is below member', 409: 'A category has this name already' })
  create(@Body() body: CreateCategoryDto): Promise<CategoryResponse> {
    return this.categories.create(body.name);
  }
}
