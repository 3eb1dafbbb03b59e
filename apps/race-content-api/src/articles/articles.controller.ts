import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEmptyResponse, ApiErrorResponses, ApiRaceContentResponse, type PagedList } from '@platform/contracts';
import { AcceptedResponse } from '../common/accepted.response';
import { ArticleIdParam, RaceArticleParams } from '../common/id-params';
import { ArticleGenerationService } from './article-generation.service';
import { ArticlesService } from './articles.service';
import { GenerateArticleDto, RegenerateArticleDto } from './dto/article-generation.dto';
import { ArticleResponse, CreateArticleDto, ListArticlesQuery, UpdateArticleDto } from './dto/article.dto';

@ApiTags('Articles')
@Controller('v1/articles')
export class ArticlesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly generation: ArticleGenerationService,
  ) {}

  @Post('generation')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'generateArticle',
    summary: 'Generate an article with AI',
    description:
      'Member and above. The article is created as generating with an empty body and its job queued (confirmed by the broker); ' +
      'the workers write it, build body_html and set it to draft, or record it as failed with generation_error.',
  })
  @ApiRaceContentResponse(202, AcceptedResponse, 'The job was queued; the id of the new article')
  @ApiErrorResponses({
    400: 'race_id names no race',
    403: 'The caller is below member',
    422: 'The race has no finishing order (void or cancelled), or the body is invalid',
    503: 'The job queue did not accept the job; the article is recorded as failed',
  })
  generate(@Body() body: GenerateArticleDto): Promise<AcceptedResponse> {
    return this.generation.generate(body);
  }

  @Post(':article_id/regeneration')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'regenerateArticle',
    summary: 'Regenerate a failed article',
    description:
      'Member and above. Back to generating with generation_error cleared and custom_prompt stored (omitted, null or empty keeps ' +
      'the previous instructions), then queued. The body may be omitted.',
  })
  @ApiRaceContentResponse(202, AcceptedResponse, 'The job was queued')
  @ApiErrorResponses({
    400: "The article's race does not exist",
    403: 'The caller is below member',
    404: 'The article does not exist',
    409: 'The article is not failed',
    422: 'The race has no finishing order, or the body is invalid',
    503: 'The job queue did not accept the job; the article is failed again',
  })
  @ApiBody({ type: RegenerateArticleDto, required: false })
  regenerate(@Param() { article_id }: ArticleIdParam, @Body() body?: RegenerateArticleDto): Promise<AcceptedResponse> {
    return this.generation.regenerate(article_id, body);
  }

  @Post()
  @ApiOperation({
    operationId: 'createArticle',
    summary: 'Write an article',
    description: 'Member and above. A manual article, draft or published.',
  })
  @ApiRaceContentResponse(201, ArticleResponse, 'The article')
  @ApiErrorResponses({ 400: 'status generating or failed, or a race_id of no race', 403: 'The caller is below member' })
  create(@Body() body: CreateArticleDto): Promise<ArticleResponse> {
    return this.articles.create(body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listArticles',
    summary: 'List articles',
    description: 'Viewer and above. By updated_at; ?status=failed lists failed generations.',
  })
  @ApiRaceContentResponse(200, [ArticleResponse], 'A page of articles', { paged: true })
  list(@Query() query: ListArticlesQuery): Promise<PagedList<ArticleResponse>> {
    return this.articles.list(query);
  }

  @Get(':article_id')
  @ApiOperation({ operationId: 'getArticle', summary: 'Get an article', description: 'Viewer and above.' })
  @ApiRaceContentResponse(200, ArticleResponse, 'The article')
  @ApiErrorResponses({ 404: 'The article does not exist' })
  get(@Param() { article_id }: ArticleIdParam): Promise<ArticleResponse> {
    return this.articles.get(article_id);
  }

  @Put(':article_id')
  @ApiOperation({
    operationId: 'updateArticle',
    summary: 'Update an article',
    description: 'Member and above. Omitted or null fields stay as they are; body_html and accuracy_test_data change in one write.',
  })
  @ApiRaceContentResponse(200, ArticleResponse, 'The updated article')
  @ApiErrorResponses({
    400: 'status generating or failed, or a race_id of no race',
    403: 'The caller is below member',
    404: 'The article does not exist',
    409: 'The article is being generated, or a failed article was sent a status',
  })
  update(@Param() { article_id }: ArticleIdParam, @Body() body: UpdateArticleDto): Promise<ArticleResponse> {
    return this.articles.update(article_id, body);
  }

  @Delete(':article_id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteArticle', summary: 'Delete an article', description: 'Member and above. A soft delete.' })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({ 403: 'The caller is below member', 404: 'The article does not exist' })
  delete(@Param() { article_id }: ArticleIdParam): Promise<void> {
    return this.articles.delete(article_id);
  }
}

/** The race-scoped read that replaced the per-sport article endpoints (`getRaceArticle`). */
@ApiTags('Articles')
@Controller('v1/races/:race_id/articles')
export class RaceArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get(':article_id')
  @ApiOperation({ operationId: 'getRaceArticle', summary: 'Get an article of a race', description: 'Viewer and above.' })
  @ApiRaceContentResponse(200, ArticleResponse, 'The article')
  @ApiErrorResponses({ 404: 'The article does not exist or belongs to another race' })
  get(@Param() { race_id, article_id }: RaceArticleParams): Promise<ArticleResponse> {
    return this.articles.getOfRace(race_id, article_id);
  }
}
