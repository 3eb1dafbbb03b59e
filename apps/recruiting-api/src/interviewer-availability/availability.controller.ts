import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEmptyResponse, ApiErrorResponses, ApiRecruitingResponse, type PaginatedResult } from '@platform/contracts';
import { AvailabilityService } from './availability.service';
import { AvailabilityParams, CreateAvailabilityDto, ListAvailabilityQuery } from './dto/availability.dto';
import { ProjectScopeParam } from '../shared-dto/params';
import { AvailabilityResponse } from './dto/availability.response';

@ApiTags('Interviewer availability')
@Controller('api/v1/projects/:projectId/interviewer-availability')
export class AvailabilityController {
  constructor(private readonly availability: AvailabilityService) {}

  @Post()
  @ApiOperation({
    operationId: 'createInterviewerAvailability',
    summary: 'Add an availability window',
    description: "Member and above; slots are cut from windows by the project's interview length.",
  })
  @ApiRecruitingResponse(201, AvailabilityResponse, 'The window')
  @ApiErrorResponses({
    400: 'A malformed body, endAt not after startAt, a window longer than 31 days, or an unknown interviewer',
    404: 'The project does not exist',
  })
  create(@Param() { projectId }: ProjectScopeParam, @Body() body: CreateAvailabilityDto): Promise<AvailabilityResponse> {
    return this.availability.create(projectId, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listInterviewerAvailability',
    summary: 'List availability windows',
    description: 'Viewer and above; ordered by start.',
  })
  @ApiRecruitingResponse(200, [AvailabilityResponse], 'A page of windows', { paginated: true })
  @ApiErrorResponses({ 400: 'A malformed query', 404: 'The project does not exist' })
  list(@Param() { projectId }: ProjectScopeParam, @Query() query: ListAvailabilityQuery): Promise<PaginatedResult<AvailabilityResponse>> {
    return this.availability.list(projectId, query);
  }

  @Delete(':availabilityId')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteInterviewerAvailability',
    summary: 'Delete an availability window',
    description: 'Member and above; reservations already made stay.',
  })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project or the window does not exist' })
  delete(@Param() { projectId, availabilityId }: AvailabilityParams): Promise<void> {
    return this.availability.delete(projectId, availabilityId);
  }
}
