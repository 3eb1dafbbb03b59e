import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEmptyResponse, ApiErrorResponses, ApiRaceContentResponse, type PagedList } from '@platform/contracts';
import { RACING_TYPES } from '@platform/race-content-data';
import { RaceIdParam } from '../common/id-params';
import { FILE_PROPERTY, JsonFileForm, requireFile, type UploadedMultipartFile } from '../common/uploads';
import { ListRacesQuery, RaceResponse, UpdateRaceDto, UploadRaceForm } from './dto/race.dto';
import { RacesService } from './races.service';

@ApiTags('Races')
@Controller('v1/races')
export class RacesController {
  constructor(private readonly races: RacesService) {}

  @Post()
  @JsonFileForm(
    {
      type: {
        type: 'string',
        enum: [...RACING_TYPES],
        description: 'Racing type: the collection the race is stored in',
        example: 'horse_racing',
      },
      file: { ...FILE_PROPERTY, description: 'Race result JSON with race_id' },
    },
    ['type', 'file'],
    'The racing type and the race result file; the race is named after the file, without .json',
  )
  @ApiOperation({
    operationId: 'uploadRace',
    summary: 'Upload a race result',
    description: 'Member and above. The id is the race_id inside the file.',
  })
  @ApiRaceContentResponse(201, RaceResponse, 'The registered race')
  @ApiErrorResponses({
    400: 'No file, a file that is not a JSON object, or no usable race_id',
    403: 'The caller is below member',
    409: 'A race with this race_id already exists (in any racing type)',
    413: 'The file is larger than 10 MiB',
    422: 'A missing or unknown type',
  })
  upload(@Body() form: UploadRaceForm, @UploadedFile() file: UploadedMultipartFile | undefined): Promise<RaceResponse> {
    return this.races.upload(form.type, requireFile(file));
  }

  /** Declared before /{race_id}: `prediction` is not a race id. */
  @Put('prediction')
  @JsonFileForm(
    { file: { ...FILE_PROPERTY, description: 'Prediction JSON with race_id and entries' } },
    ['file'],
    'The prediction file; its race_id names the race',
  )
  @ApiOperation({ operationId: 'attachRacePrediction', summary: 'Attach a prediction to a race', description: 'Member and above.' })
  @ApiRaceContentResponse(200, RaceResponse, 'The race with its prediction')
  @ApiErrorResponses({
    400: 'No file, a file that is not a JSON object, no race_id or no entries',
    403: 'The caller is below member',
    404: 'No race has this race_id',
    413: 'The file is larger than 10 MiB',
  })
  attachPrediction(@UploadedFile() file: UploadedMultipartFile | undefined): Promise<RaceResponse> {
    return this.races.attachPrediction(requireFile(file));
  }

  @Get()
  @ApiOperation({
    operationId: 'listRaces',
    summary: 'List races of a type',
    description: 'Viewer and above. Ordered by name (date first); each race carries the status of its latest article.',
  })
  @ApiRaceContentResponse(200, [RaceResponse], 'A page of races with article_status', { paged: true })
  @ApiErrorResponses({ 422: 'A missing or invalid type, page, size or order, or an unknown parameter' })
  list(@Query() query: ListRacesQuery): Promise<PagedList<RaceResponse>> {
    return this.races.list(query);
  }

  @Get(':race_id')
  @ApiOperation({ operationId: 'getRace', summary: 'Get a race', description: 'Viewer and above.' })
  @ApiRaceContentResponse(200, RaceResponse, 'The race')
  @ApiErrorResponses({ 404: 'The race does not exist' })
  get(@Param() { race_id }: RaceIdParam): Promise<RaceResponse> {
    return this.races.get(race_id);
  }

  @Put(':race_id')
  @ApiOperation({
    operationId: 'updateRace',
    summary: 'Update a race',
    description: 'Member and above. name and race_result; omitted fields stay as they are.',
  })
  @ApiRaceContentResponse(200, RaceResponse, 'The updated race')
  @ApiErrorResponses({
    403: 'The caller is below member',
    404: 'The race does not exist',
    422: 'An invalid body, a prediction (not updated here), or a race_result naming another race_id',
  })
  update(@Param() { race_id }: RaceIdParam, @Body() body: UpdateRaceDto): Promise<RaceResponse> {
    return this.races.update(race_id, body);
  }

  @Delete(':race_id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteRace',
    summary: 'Delete a race',
    description: 'Member and above. A soft delete; the race_id can be uploaded again.',
  })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({ 403: 'The caller is below member', 404: 'The race does not exist' })
  delete(@Param() { race_id }: RaceIdParam): Promise<void> {
    return this.races.delete(race_id);
  }
}
