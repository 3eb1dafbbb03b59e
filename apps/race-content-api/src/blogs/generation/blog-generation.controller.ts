import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEmptyResponse, ApiErrorResponses, ApiRaceContentResponse } from '@platform/contracts';
import { BlogResponse, GenerateBlogDto } from '../dto/blog.dto';
import { AcceptedResponse } from '../../common/accepted.response';
import { BlogIdParam, OldBlogIdParam } from '../../common/id-params';
import { BlogGenerationService } from './blog-generation.service';
import { BlogThumbnailsService } from './blog-thumbnails.service';
import { GenerateRewriteDto, RewriteOldBlogDto } from './dto/blog-generation.dto';
import { RelatedBlogsService } from './related-blogs.service';

const QUEUE_DOWN = 'The job queue did not accept the job; nothing is left generating';

@ApiTags('Blogs')
@Controller('v1/blogs')
export class BlogGenerationController {
  constructor(
    private readonly blogs: BlogGenerationService,
    private readonly thumbnails: BlogThumbnailsService,
    private readonly related: RelatedBlogsService,
  ) {}

  @Post('generate')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'generateBlog',
    summary: 'Generate a blog from race data',
    description:
      'Member and above. A recap (needs a finishing order) or a prediction (needs prediction data), linked to the category ' +
      'レース結果・回顧 or レース予想・検証 when it exists, named from the race when no name is sent; created as generating and queued.',
  })
  @ApiRaceContentResponse(202, AcceptedResponse, 'The job was queued; the id of the new blog')
  @ApiErrorResponses({
    403: 'The caller is below member',
    404: 'The race does not exist',
    422: 'A recap without a finishing order, a prediction without prediction data, or an invalid body',
    503: QUEUE_DOWN,
  })
  generate(@Body() body: GenerateBlogDto): Promise<AcceptedResponse> {
    return this.blogs.generate(body);
  }

  @Post('generation')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'generateBlogFromOldBlog',
    summary: 'Rewrite a past blog into a new blog',
    description:
      "Member and above. The new blog inherits the past blog's name (unless sent), race, type, source and embedding, and the category " +
      "named like the past blog's (unless category_id is sent); created as generating and queued for the rewriter.",
  })
  @ApiRaceContentResponse(202, AcceptedResponse, 'The job was queued; the id of the new blog')
  @ApiErrorResponses({ 400: 'old_blog_id or category_id names nothing', 403: 'The caller is below member', 503: QUEUE_DOWN })
  generation(@Body() body: GenerateRewriteDto): Promise<AcceptedResponse> {
    return this.blogs.generation(body);
  }

  @Post(':blog_id/thumbnail_generate')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'generateBlogThumbnail',
    summary: 'Generate the thumbnail of a blog',
    description:
      'Member and above. Queues a race card image (stored as a media with the race_id) that goes right below the 10-second summary ' +
      'as <img class="nb-thumbnail">, replacing an earlier one.',
  })
  @ApiEmptyResponse(202, 'The job was queued')
  @ApiErrorResponses({
    400: 'The blog is generating, or not tied to an existing race',
    403: 'The caller is below member',
    404: 'The blog does not exist',
    503: 'The job queue did not accept the job',
  })
  thumbnail(@Param() { blog_id }: BlogIdParam): Promise<void> {
    return this.thumbnails.queue(blog_id);
  }

  @Post(':blog_id/related_generate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'generateBlogRelatedInfo',
    summary: 'Add related information to a blog',
    description:
      'Member and above. The two blogs closest by cosine similarity of embeddings (not rewritten from the same past blog, not of the same ' +
      'title, below 0.99, not generating) go into a section headed 関連情報 at the bottom of the body, replacing an earlier one.',
  })
  @ApiRaceContentResponse(200, BlogResponse, 'The updated blog')
  @ApiErrorResponses({
    400: 'The blog is generating, has no embedding, or has no related candidates',
    403: 'The caller is below member',
    404: 'The blog does not exist',
  })
  relate(@Param() { blog_id }: BlogIdParam): Promise<BlogResponse> {
    return this.related.relate(blog_id);
  }
}

@ApiTags('Past blogs')
@Controller('v1/old_blogs')
export class OldBlogRewriteController {
  constructor(private readonly generation: BlogGenerationService) {}

  @Post(':old_blog_id/rewrite')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'rewriteOldBlog',
    summary: 'Rewrite a past blog',
    description:
      "Member and above. Creates a blog in generating that inherits name, race (the past blog's, else race_id of the body), race type, " +
      'series type, source, category by name and embedding, and queues it for the rewriter. The body may be omitted.',
  })
  @ApiRaceContentResponse(202, AcceptedResponse, 'The job was queued; the id of the new blog')
  @ApiErrorResponses({
    403: 'The caller is below member',
    404: 'The past blog does not exist, or race_id names no race',
    503: QUEUE_DOWN,
  })
  @ApiBody({ type: RewriteOldBlogDto, required: false })
  rewrite(@Param() { old_blog_id }: OldBlogIdParam, @Body() body?: RewriteOldBlogDto): Promise<AcceptedResponse> {
    return this.generation.rewrite(old_blog_id, body);
  }
}
