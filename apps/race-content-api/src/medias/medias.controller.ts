import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEmptyResponse, ApiErrorResponses, ApiRaceContentResponse, type PagedList } from '@platform/contracts';
import { MEDIA_TYPES } from '@platform/race-content-data';
import { MediaIdParam } from '../common/id-params';
import { FILE_PROPERTY, type MultipartFileStream, requireFile, StreamedFileForm } from '../common/uploads';
import { CreateMediaForm, ListMediasQuery, MediaResponse, UpdateMediaForm } from './dto/media.dto';
import { MAX_MEDIA_NAME_LENGTH } from './media-name';
import { MediasService } from './medias.service';

const NAME = {
  type: 'string',
  maxLength: MAX_MEDIA_NAME_LENGTH,
  description: 'File name; unique, and also the object key (no / or \\, no control characters)',
  example: 'tenno-sho-2026-paddock.jpg',
};
const MIME_TYPE = {
  type: 'string',
  enum: [...MEDIA_TYPES],
  description: "Kind of file: image or video; must agree with the file's content",
  example: 'image',
};
const FILE = {
  ...FILE_PROPERTY,
  description: 'The image or video; sent after the text fields; at most MEDIA_MAX_BYTES (200 MiB by default)',
};

@ApiTags('Media')
@Controller('v1/medias')
export class MediasController {
  constructor(private readonly medias: MediasService) {}

  @Post()
  @StreamedFileForm({ name: NAME, mime_type: MIME_TYPE, file: FILE }, ['name', 'mime_type', 'file'], 'name and mime_type, then the file')
  @ApiOperation({
    operationId: 'uploadMedia',
    summary: 'Upload a media file',
    description: 'Member and above. The file is streamed to object storage; its bytes must be the declared kind.',
  })
  @ApiRaceContentResponse(201, MediaResponse, 'The media, with a presigned URL')
  @ApiErrorResponses({
    400: 'No file, or a malformed form',
    403: 'The caller is below member',
    409: 'A media has this name already',
    413: 'The file is larger than the limit',
    422: 'An invalid name or mime_type, or a file whose content is not of the declared kind',
    500: 'Object storage failed; nothing was saved',
  })
  create(@Body() form: CreateMediaForm, @UploadedFile() file: MultipartFileStream | undefined): Promise<MediaResponse> {
    return this.medias.create(form, requireFile(file));
  }

  @Get()
  @ApiOperation({
    operationId: 'listMedia',
    summary: 'List media',
    description: 'Viewer and above. By updated_at, filtered by mime_type; each with a fresh presigned URL.',
  })
  @ApiRaceContentResponse(200, [MediaResponse], 'A page of media', { paged: true })
  list(@Query() query: ListMediasQuery): Promise<PagedList<MediaResponse>> {
    return this.medias.list(query);
  }

  @Get(':media_id')
  @ApiOperation({
    operationId: 'getMedia',
    summary: 'Get a media',
    description: 'Viewer and above. With a presigned URL valid for one hour.',
  })
  @ApiRaceContentResponse(200, MediaResponse, 'The media')
  @ApiErrorResponses({ 404: 'The media does not exist' })
  get(@Param() { media_id }: MediaIdParam): Promise<MediaResponse> {
    return this.medias.get(media_id);
  }

  @Put(':media_id')
  @StreamedFileForm({ name: NAME, mime_type: MIME_TYPE, file: FILE }, [], 'Any of name and mime_type, then optionally a replacement file')
  @ApiOperation({
    operationId: 'updateMedia',
    summary: 'Update a media',
    description: 'Member and above. A new name moves the object; a file overwrites it; without a file only metadata changes.',
  })
  @ApiRaceContentResponse(200, MediaResponse, 'The media')
  @ApiErrorResponses({
    400: 'A malformed form',
    403: 'The caller is below member',
    404: 'The media does not exist',
    409: 'Another media has this name',
    413: 'The file is larger than the limit',
    422: 'An invalid name or mime_type, or a mime_type that disagrees with the (new or stored) file',
    500: 'Object storage failed; nothing changed',
  })
  update(
    @Param() { media_id }: MediaIdParam,
    @Body() form: UpdateMediaForm,
    @UploadedFile() file: MultipartFileStream | undefined,
  ): Promise<MediaResponse> {
    return this.medias.update(media_id, form, file);
  }

  @Delete(':media_id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteMedia',
    summary: 'Delete a media',
    description: 'Member and above. A soft delete; the object is removed and the name freed.',
  })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({ 403: 'The caller is below member', 404: 'The media does not exist' })
  delete(@Param() { media_id }: MediaIdParam): Promise<void> {
    return this.medias.delete(media_id);
  }
}
