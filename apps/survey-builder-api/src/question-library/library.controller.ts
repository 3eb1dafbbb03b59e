import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses } from '@platform/contracts';
import { DeletedResponse } from '../common/deleted.response';
import { ItemIdParam } from '../common/id-params';
import { type Actor, CurrentActor } from '../identity/actor';
import { LibraryQuery } from './dto/library.query';
import { LibraryItemResponse } from './dto/library-item.response';
import { LibraryService } from './library.service';

@ApiTags('Question library')
@Controller('api/question-library')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Get()
  @ApiOperation({
    operationId: 'listLibraryEntries',
    summary: 'List library entries',
    description: 'Any authenticated user; q matches prompt text and section title, category exactly.',
  })
  @ApiBuilderResponse(200, [LibraryItemResponse], 'Entries, newest first')
  list(@Query() query: LibraryQuery): Promise<LibraryItemResponse[]> {
    return this.library.list(query);
  }

  @Delete(':itemId')
  @ApiOperation({
    operationId: 'deleteLibraryEntry',
    summary: 'Delete a library entry',
    description: 'Administrators only; the check runs before the lookup.',
  })
  @ApiBuilderResponse(200, DeletedResponse, 'Deleted')
  @ApiErrorResponses({ 403: 'Not an administrator', 404: 'No such entry' })
  remove(@CurrentActor() actor: Actor, @Param() { itemId }: ItemIdParam): Promise<DeletedResponse> {
    return this.library.remove(actor, itemId);
  }
}
