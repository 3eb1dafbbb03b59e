import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ItemIdParam, PageQuery } from '../common/params';
import { type Actor, CurrentActor } from '../identity/actor';
import { LibraryService } from './library.service';

export class LibraryQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) q?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) category?: string;
}

@ApiTags('question-library')
@Controller('api/question-library')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  /** Any authenticated user; q matches prompt text and section title, category exactly. */
  @Get()
  list(@Query() query: LibraryQuery) {
    return this.library.list(query);
  }

  @Delete(':itemId')
  remove(@CurrentActor() actor: Actor, @Param() { itemId }: ItemIdParam) {
    return this.library.remove(actor, itemId);
  }
}
