import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiRaceContentResponse, type PagedList } from '@platform/contracts';
import { OldBlogIdParam } from '../common/id-params';
import { CreateOldBlogDto, ListOldBlogsQuery, OldBlogResponse, UpdateOldBlogDto } from './dto/old-blog.dto';
import { OldBlogsService } from './old-blogs.service';

@ApiTags('Past blogs')
@Controller('v1/old_blogs')
export class OldBlogsController {
  constructor(private readonly oldBlogs: OldBlogsService) {}

  @Post()
  @ApiOperation({
    operationId: 'createOldBlog',
    summary: 'Register a past blog',
    description: 'Member and above. Embedded from category, title and body text; registered without a vector when embedding fails.',
  })
  @ApiRaceContentResponse(201, OldBlogResponse, 'The past blog')
  @ApiErrorResponses({ 403: 'The caller is below member' })
  create(@Body() body: CreateOldBlogDto): Promise<OldBlogResponse> {
    return this.oldBlogs.create(body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listOldBlogs',
    summary: 'List past blogs',
    description: 'Viewer and above. By updated_at, filtered by race_id.',
  })
  @ApiRaceContentResponse(200, [OldBlogResponse], 'A page of past blogs', { paged: true })
  list(@Query() query: ListOldBlogsQuery): Promise<PagedList<OldBlogResponse>> {
    return this.oldBlogs.list(query);
  }

  @Get(':old_blog_id')
  @ApiOperation({ operationId: 'getOldBlog', summary: 'Get a past blog', description: 'Viewer and above.' })
  @ApiRaceContentResponse(200, OldBlogResponse, 'The past blog')
  @ApiErrorResponses({ 404: 'The past blog does not exist' })
  get(@Param() { old_blog_id }: OldBlogIdParam): Promise<OldBlogResponse> {
    return this.oldBlogs.get(old_blog_id);
  }

  @Put(':old_blog_id')
  @ApiOperation({
    operationId: 'updateOldBlog',
    summary: "Change a past blog's category",
    description: 'Member and above. Nothing is written when it is unchanged; a new category re-embeds the blog.',
  })
  @ApiRaceContentResponse(200, OldBlogResponse, 'The past blog')
  @ApiErrorResponses({ 403: 'The caller is below member', 404: 'The past blog does not exist' })
  update(@Param() { old_blog_id }: OldBlogIdParam, @Body() body: UpdateOldBlogDto): Promise<OldBlogResponse> {
    return this.oldBlogs.setCategory(old_blog_id, body.category);
  }
}
