import { Body, Controller, Get, HttpCode, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileStreamInterceptor, type MultipartFileStream } from '@nestjs/platform-fastify/multipart';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '@platform/auth';
import { ApiErrorResponses, ApiRecruitingResponse } from '@platform/contracts';
import { RecruitingError } from '../../recruiting.errors';
import { ExecuteImportDto, FileParams, ImportStatusParams, SurveyImportDto, SurveyImportPreviewDto } from './dto/imports.dto';
import { ImportsService } from './imports.service';
import { ProjectScopeParam } from '../../shared-dto/params';
import { ImportAcceptedResponse, ImportStatusResponse, ImportUploadResponse, SurveyImportPreviewResponse } from './dto/imports.response';

const QUEUE = { 503: 'The import queue is not configured or did not accept the job (QUEUE_UNAVAILABLE); nothing was queued' };

@ApiTags('Candidates')
@Controller('api/v1/projects/:projectId/candidates/import')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(
    FileStreamInterceptor('file', {
      limits: { files: 1, fields: 4, parts: 5, fieldSize: 16 * 1024, fieldNameSize: 100 },
      defParamCharset: 'utf8',
    }),
  )
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    description: 'A tab-separated file in part `file`: UTF-16LE (the spec), UTF-16BE or UTF-8, with or without a byte-order mark',
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: 'At most IMPORT_MAX_BYTES (100 MiB by default)' } },
    },
  })
  @ApiOperation({
    operationId: 'uploadCandidateImportFile',
    summary: 'Upload a tab-separated file',
    description: 'Member and above. The file is kept for 24 hours; the answer summarizes it and suggests a mapping.',
  })
  @ApiRecruitingResponse(200, ImportUploadResponse, 'The stored file: row count, columns, suggested mapping, preview, expiry')
  @ApiErrorResponses({
    400: 'No file, an empty file, a file that does not decode or parse, or one without a header row',
    404: 'The project does not exist',
    413: 'The file is larger than IMPORT_MAX_BYTES',
  })
  upload(
    @Param() { projectId }: ProjectScopeParam,
    @UploadedFile() file: MultipartFileStream | undefined,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ImportUploadResponse> {
    if (!file)
      throw new RecruitingError('VALIDATION_FAILED', 'The form must carry a file in the part "file"', [
        { field: 'file', message: 'required' },
      ]);
    return this.imports.upload(projectId, file, user.id);
  }

  @Post('survey/preview')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'previewSurveyImport',
    summary: 'Dry run of a survey import',
    description: 'Member and above; nothing is written.',
  })
  @ApiRecruitingResponse(200, SurveyImportPreviewResponse, 'Counts before and after the filter, mapped sample rows, warnings')
  @ApiErrorResponses({
    400: 'A malformed body, or a mapped or filtered question the survey does not have',
    404: 'The project or the survey does not exist',
    503: 'WAREHOUSE_URL is not set (DATA_WAREHOUSE_NOT_CONFIGURED)',
  })
  surveyPreview(@Param() { projectId }: ProjectScopeParam, @Body() body: SurveyImportPreviewDto): Promise<SurveyImportPreviewResponse> {
    return this.imports.surveyPreview(projectId, body);
  }

  @Post('survey')
  @ApiOperation({
    operationId: 'importSurveyRespondents',
    summary: 'Import respondents of a survey',
    description: 'Member and above. The import log is written first, the job queued; answers at once with all counts 0.',
  })
  @ApiRecruitingResponse(201, ImportStatusResponse, 'The import, processing')
  @ApiErrorResponses({
    400: 'A malformed body, or a mapped or filtered question the survey does not have',
    404: 'The project or the survey does not exist',
    503: 'The warehouse (DATA_WAREHOUSE_NOT_CONFIGURED) or the queue (QUEUE_UNAVAILABLE) is not available',
  })
  surveyImport(
    @Param() { projectId }: ProjectScopeParam,
    @Body() body: SurveyImportDto,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ImportStatusResponse> {
    return this.imports.surveyImport(projectId, body, user.id);
  }

  @Get(':fileId')
  @ApiOperation({
    operationId: 'getCandidateImportFile',
    summary: 'Re-read an upload',
    description: 'Viewer and above; 404 once the file expired (24 hours).',
  })
  @ApiRecruitingResponse(200, ImportUploadResponse, 'The same upload record')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project or the file does not exist, or the file expired' })
  get(@Param() { projectId, fileId }: FileParams): Promise<ImportUploadResponse> {
    return this.imports.get(projectId, fileId);
  }

  @Post(':fileId/execute')
  @ApiOperation({
    operationId: 'executeCandidateImport',
    summary: 'Import an uploaded file',
    description: 'Member and above. The mapping is checked against the file, the import log written and the job queued; 201 at once.',
  })
  @ApiRecruitingResponse(201, ImportAcceptedResponse, 'The import, processing')
  @ApiErrorResponses({
    400: 'A malformed mapping, or a column index the file does not have (named in the message)',
    404: 'The project or the file does not exist, or the file expired',
    ...QUEUE,
  })
  execute(
    @Param() { projectId, fileId }: FileParams,
    @Body() body: ExecuteImportDto,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ImportAcceptedResponse> {
    return this.imports.execute(projectId, fileId, body, user.id);
  }

  @Get(':importId/status')
  @ApiOperation({
    operationId: 'getCandidateImportStatus',
    summary: 'Import progress',
    description: 'Viewer and above; file and survey imports alike.',
  })
  @ApiRecruitingResponse(200, ImportStatusResponse, 'The import status record')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project or the import does not exist' })
  status(@Param() { projectId, importId }: ImportStatusParams): Promise<ImportStatusResponse> {
    return this.imports.status(projectId, importId);
  }
}
