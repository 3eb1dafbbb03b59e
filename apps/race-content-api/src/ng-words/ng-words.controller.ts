import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEmptyResponse, ApiErrorResponses, ApiRaceContentResponse, type PagedList } from '@platform/contracts';
import { NgWordIdParam } from '../common/id-params';
import { PageQuery } from '../common/page.query';
import { NgWordDto, NgWordResponse } from './dto/ng-word.dto';
import { NgWordsService } from './ng-words.service';

@ApiTags('NG words')
@Controller('v1/ng_words')
export class NgWordsController {
  constructor(private readonly words: NgWordsService) {}

  @Post()
  @ApiOperation({ operationId: 'createNgWord', summary: 'Add an NG word', description: 'Member and above.' })
  @ApiRaceContentResponse(201, NgWordResponse, 'The NG word')
  @ApiErrorResponses({ 403: 'The caller is below member', 409: 'The word exists already' })
  create(@Body() body: NgWordDto): Promise<NgWordResponse> {
    return this.words.create(body.name);
  }

  @Get()
  @ApiOperation({ operationId: 'listNgWords', summary: 'List NG words', description: 'Viewer and above. By updated_at.' })
  @ApiRaceContentResponse(200, [NgWordResponse], 'A page of NG words', { paged: true })
  list(@Query() query: PageQuery): Promise<PagedList<NgWordResponse>> {
    return this.words.list(query);
  }

  @Get(':ng_word_id')
  @ApiOperation({ operationId: 'getNgWord', summary: 'Get an NG word', description: 'Viewer and above.' })
  @ApiRaceContentResponse(200, NgWordResponse, 'The NG word')
  @ApiErrorResponses({ 404: 'The NG word does not exist' })
  get(@Param() { ng_word_id }: NgWordIdParam): Promise<NgWordResponse> {
    return this.words.get(ng_word_id);
  }

  @Put(':ng_word_id')
  @ApiOperation({ operationId: 'renameNgWord', summary: 'Rename an NG word', description: 'Member and above.' })
  @ApiRaceContentResponse(200, NgWordResponse, 'The NG word')
  @ApiErrorResponses({ 403: 'The caller is below member', 404: 'The NG word does not exist', 409: 'Another NG word has the name' })
  update(@Param() { ng_word_id }: NgWordIdParam, @Body() body: NgWordDto): Promise<NgWordResponse> {
    return this.words.rename(ng_word_id, body.name);
  }

  @Delete(':ng_word_id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteNgWord',
    summary: 'Delete an NG word',
    description: 'Member and above. A soft delete; the name can be used again.',
  })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({ 403: 'The caller is below member', 404: 'The NG word does not exist' })
  delete(@Param() { ng_word_id }: NgWordIdParam): Promise<void> {
    return this.words.delete(ng_word_id);
  }
}
