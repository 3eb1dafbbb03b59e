import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MinLength } from 'class-validator';
import { ExternalSurveyIdParam, PageQuery } from '../common/params';
import { type Actor, CurrentActor, ImportRoute } from '../identity/actor';
import { ImportBundleDto } from './bundle.dto';
import { BundleValidationPipe } from './bundle-validation.pipe';
import { DEFAULT_SOURCE, ImportsService } from './imports.service';

export class ExistingIdsQuery {
  @ApiPropertyOptional({ default: DEFAULT_SOURCE }) @IsOptional() @IsString() @MinLength(1) source: string = DEFAULT_SOURCE;
}

/** Uploads from the browser extension; user headers or the import API key (spec 4.7, 5). */
@ApiTags('imports')
@ImportRoute()
@Controller('api/imports/survey-platform')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  /** The body is typed loosely here so the global pipe leaves it whole; BundleValidationPipe checks it. */
  @Post('bundle')
  @HttpCode(200)
  @ApiBody({ type: ImportBundleDto })
  importBundle(@CurrentActor() actor: Actor, @Body(BundleValidationPipe) bundle: Record<string, unknown>) {
    return this.imports.importBundle(actor, bundle as unknown as ImportBundleDto);
  }

  @Get('existing-ids')
  existingIds(@Query() query: ExistingIdsQuery) {
    return this.imports.existingIds(query.source);
  }

  @Get('section-previews')
  previews(@Query() page: PageQuery) {
    return this.imports.previews(page);
  }

  @Get('section-previews/:externalSurveyId')
  preview(@Param() { externalSurveyId }: ExternalSurveyIdParam) {
    return this.imports.preview(externalSurveyId);
  }
}
