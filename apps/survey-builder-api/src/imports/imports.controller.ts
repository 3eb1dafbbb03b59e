import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses } from '@platform/contracts';
import { ExternalSurveyIdParam } from '../common/id-params';
import { QUESTION_LIMITS } from '../domain/limits';
import { PageQuery } from '../common/page.query';
import { type Actor, CurrentActor, ImportRoute } from '../identity/actor';
import { BundleValidationPipe } from './bundle-validation.pipe';
import { ImportBundleDto } from './dto/bundle.dto';
import { ExistingIdsQuery } from './dto/import.query';
import { BundleImportResponse, SectionPreviewResponse } from './dto/import.response';
import { ImportsService } from './imports.service';

/** Uploads from the browser extension; the access token (the user, through the edge) or the import API key. */
@ApiTags('Imports of external bundles')
@ApiSecurity('bearer')
@ApiSecurity('importKey')
@ImportRoute()
@Controller('api/imports/survey-platform')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  /** The body is typed loosely so the global pipe leaves it whole; BundleValidationPipe checks it. */
  @Post('bundle')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'importSurveyBundle',
    summary: 'Import a bundle of external questionnaires',
    description: 'Stored under the source survey_platform; re-imports replace.',
  })
  @ApiBody({ type: ImportBundleDto })
  @ApiBuilderResponse(200, BundleImportResponse, 'What was stored, and what was skipped')
  @ApiErrorResponses({
    400: `QUESTION_CONTENT_LIMIT_EXCEEDED: a matrix question has more answer items than a question may have rows (${QUESTION_LIMITS.matrixRows}); or the body is malformed (arrays past their maxItems included)`,
  })
  importBundle(@CurrentActor() actor: Actor, @Body(BundleValidationPipe) bundle: Record<string, unknown>): Promise<BundleImportResponse> {
    return this.imports.importBundle(actor, bundle as unknown as ImportBundleDto);
  }

  @Get('existing-ids')
  @ApiOperation({ operationId: 'listImportedSurveyIds', summary: 'List already imported external ids' })
  @ApiBuilderResponse(
    200,
    { type: 'array', description: 'External questionnaire ids stored under the source', items: { type: 'integer', example: 88012 } },
    'External questionnaire ids of the source',
  )
  existingIds(@Query() query: ExistingIdsQuery): Promise<number[]> {
    return this.imports.existingIds(query.source);
  }

  @Get('section-previews')
  @ApiOperation({ operationId: 'listSectionPreviews', summary: 'List section candidates of every imported questionnaire' })
  @ApiBuilderResponse(200, [SectionPreviewResponse], 'One element per imported questionnaire, newest first')
  previews(@Query() page: PageQuery): Promise<SectionPreviewResponse[]> {
    return this.imports.previews(page);
  }

  @Get('section-previews/:externalSurveyId')
  @ApiOperation({ operationId: 'getSectionPreview', summary: 'Read the section candidates of one imported questionnaire' })
  @ApiBuilderResponse(200, SectionPreviewResponse, 'Its section candidates')
  @ApiErrorResponses({ 404: 'No such imported questionnaire' })
  preview(@Param() { externalSurveyId }: ExternalSurveyIdParam): Promise<SectionPreviewResponse> {
    return this.imports.preview(externalSurveyId);
  }
}
