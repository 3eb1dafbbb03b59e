import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEmptyResponse, ApiErrorResponses, ApiRaceContentResponse, type PagedList } from '@platform/contracts';
import { BlogIdParam } from '../common/id-params';
import { BlogsService } from './blogs.service';
import { BlogResponse, CreateBlogDto, ListBlogsQuery, UpdateBlogDto } from './dto/blog.dto';

@ApiTags('Blogs')
@Controller('v1/blogs')
export class BlogsController {
  constructor(private readonly blogs: BlogsService) {}

  @Post()
  @ApiOperation({
    operationId: 'createBlog',
    summary: 'Write a blog',
    description: 'Member and above. A manual blog, draft (default) or published.',
  })
  @ApiRaceContentResponse(201, BlogResponse, 'The blog')
  @ApiErrorResponses({ 400: 'status generating, or a category_id of no category', 403: 'The caller is below member' })
  create(@Body() body: CreateBlogDto): Promise<BlogResponse> {
    return this.blogs.create(body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listBlogs',
    summary: 'List blogs',
    description: 'Viewer and above. By updated_at, filtered by id, name fragment, race, type, category, origin and status.',
  })
  @ApiRaceContentResponse(200, [BlogResponse], 'A page of blogs with their category names', { paged: true })
  list(@Query() query: ListBlogsQuery): Promise<PagedList<BlogResponse>> {
    return this.blogs.list(query);
  }

  @Get(':blog_id')
  @ApiOperation({ operationId: 'getBlog', summary: 'Get a blog', description: 'Viewer and above.' })
  @ApiRaceContentResponse(200, BlogResponse, 'The blog')
  @ApiErrorResponses({ 404: 'The blog does not exist' })
  get(@Param() { blog_id }: BlogIdParam): Promise<BlogResponse> {
    return this.blogs.get(blog_id);
  }

  @Put(':blog_id')
  @ApiOperation({
    operationId: 'updateBlog',
    summary: 'Update a blog',
    description: 'Member and above. Omitted fields stay; a new name rewrites the h2 of the body unless body_html is sent too.',
  })
  @ApiRaceContentResponse(200, BlogResponse, 'The updated blog')
  @ApiErrorResponses({ 400: 'A category_id of no category', 403: 'The caller is below member', 404: 'The blog does not exist' })
  update(@Param() { blog_id }: BlogIdParam, @Body() body: UpdateBlogDto): Promise<BlogResponse> {
    return this.blogs.update(blog_id, body);
  }

  @Delete(':blog_id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteBlog', summary: 'Delete a blog', description: 'Member and above. A soft delete.' })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({ 403: 'The caller is below member', 404: 'The blog does not exist' })
  delete(@Param() { blog_id }: BlogIdParam): Promise<void> {
    return this.blogs.delete(blog_id);
  }
}
