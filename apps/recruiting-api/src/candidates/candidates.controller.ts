import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '@platform/auth';
import { ApiEmptyResponse, ApiErrorResponses, ApiRecruitingResponse, type PaginatedResult } from '@platform/contracts';
import { CandidatesService } from './candidates.service';
import { ListCandidatesQuery, UpdateCandidateDto, UpdateSelectionDto, UpdateStatusDto } from './dto/candidates.dto';
import { CandidateParams, ProjectScopeParam } from '../shared-dto/params';
import { CandidateFieldsResponse, ProjectCandidateResponse, StatusHistoryEntry, UpdatedCountResponse } from './dto/candidates.response';

@ApiTags('Candidates')
@Controller('api/v1/projects/:projectId/candidates')
export class CandidatesController {
  constructor(private readonly candidates: CandidatesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCandidates',
    summary: 'List candidates',
    description: 'Viewer and above; filtered, sorted and paginated in the database.',
  })
  @ApiRecruitingResponse(200, [ProjectCandidateResponse], 'A page of candidates', { paginated: true })
  @ApiErrorResponses({ 400: 'A malformed query or responseFilter', 404: 'The project does not exist' })
  list(@Param() { projectId }: ProjectScopeParam, @Query() query: ListCandidatesQuery): Promise<PaginatedResult<ProjectCandidateResponse>> {
    return this.candidates.list(projectId, query);
  }

  @Get('fields')
  @ApiOperation({
    operationId: 'listCandidateFields',
    summary: 'Filterable fields',
    description: 'Viewer and above; the keys stored in attributes and surveyResponses.',
  })
  @ApiRecruitingResponse(200, CandidateFieldsResponse, 'The fields with up to five sample values each')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project does not exist' })
  fields(@Param() { projectId }: ProjectScopeParam): Promise<CandidateFieldsResponse> {
    return this.candidates.fields(projectId);
  }

  @Post('score')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'scoreCandidates',
    summary: 'Recalculate scores',
    description: "Member and above; applies the project's scoring rules to every candidate.",
  })
  @ApiRecruitingResponse(200, UpdatedCountResponse, 'How many candidates got a different score')
  @ApiErrorResponses({ 400: 'The project has no usable scoring rules (SCORING_ERROR)', 404: 'The project does not exist' })
  score(@Param() { projectId }: ProjectScopeParam): Promise<UpdatedCountResponse> {
    return this.candidates.score(projectId);
  }

  @Put('selection')
  @ApiOperation({
    operationId: 'updateCandidateSelection',
    summary: 'Bulk selection update',
    description: 'Member and above; all or nothing, in one transaction.',
  })
  @ApiRecruitingResponse(200, UpdatedCountResponse, 'How many candidates were updated')
  @ApiErrorResponses({ 400: 'A malformed body', 404: 'The project, or a listed candidate in it, does not exist' })
  select(@Param() { projectId }: ProjectScopeParam, @Body() body: UpdateSelectionDto): Promise<UpdatedCountResponse> {
    return this.candidates.select(projectId, body);
  }

  @Get(':candidateId')
  @ApiOperation({ operationId: 'getCandidate', summary: 'Read a candidate', description: 'Viewer and above.' })
  @ApiRecruitingResponse(200, ProjectCandidateResponse, 'The candidate with reservation and submitted slots')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project or the candidate does not exist' })
  get(@Param() { projectId, candidateId }: CandidateParams): Promise<ProjectCandidateResponse> {
    return this.candidates.get(projectId, candidateId);
  }

  @Patch(':candidateId')
  @ApiOperation({
    operationId: 'updateCandidate',
    summary: 'Update a candidate',
    description: 'Member and above; person data (name, email, phone) cannot change here.',
  })
  @ApiRecruitingResponse(200, ProjectCandidateResponse, 'The updated candidate')
  @ApiErrorResponses({ 400: 'A malformed body', 404: 'The project or the candidate does not exist' })
  update(@Param() { projectId, candidateId }: CandidateParams, @Body() body: UpdateCandidateDto): Promise<ProjectCandidateResponse> {
    return this.candidates.update(projectId, candidateId, body);
  }

  @Delete(':candidateId')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteCandidate',
    summary: 'Delete a candidate',
    description:
      'Member and above; removes the participation record with its history, logs, tokens, slots and reservation. The person stays.',
  })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({
    400: 'A malformed id',
    404: 'The project or the candidate does not exist',
    502: "The calendar provider failed to cancel the reservation's event (CALENDAR_PROVIDER_ERROR); nothing was deleted",
  })
  delete(@Param() { projectId, candidateId }: CandidateParams): Promise<void> {
    return this.candidates.delete(projectId, candidateId);
  }

  @Patch(':candidateId/status')
  @ApiOperation({
    operationId: 'changeCandidateStatus',
    summary: 'Change the status',
    description: 'Member and above; the transition table decides (docs/decisions.md).',
  })
  @ApiRecruitingResponse(200, ProjectCandidateResponse, 'The candidate in its new status')
  @ApiErrorResponses({
    400: 'A malformed body or an unknown status',
    404: 'The project or the candidate does not exist',
    409: 'The transition is not allowed (INVALID_STATUS_TRANSITION)',
  })
  changeStatus(
    @Param() { projectId, candidateId }: CandidateParams,
    @Body() body: UpdateStatusDto,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ProjectCandidateResponse> {
    return this.candidates.changeStatus(projectId, candidateId, body, user.id);
  }

  @Get(':candidateId/history')
  @ApiOperation({ operationId: 'listCandidateHistory', summary: 'Status history', description: 'Viewer and above; newest first.' })
  @ApiRecruitingResponse(200, [StatusHistoryEntry], 'Every status change of the candidate')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project or the candidate does not exist' })
  history(@Param() { projectId, candidateId }: CandidateParams): Promise<StatusHistoryEntry[]> {
    return this.candidates.history(projectId, candidateId);
  }
}
