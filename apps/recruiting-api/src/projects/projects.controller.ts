import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireRole } from '@platform/auth';
import { ApiEmptyResponse, ApiErrorResponses, ApiRecruitingResponse, type PaginatedResult } from '@platform/contracts';
import { CreateProjectDto, ListProjectsQuery, ProjectIdParam, UpdateProjectDto } from './dto/projects.dto';
import { ProjectsService } from './projects.service';
import { ProjectResponse, ScoringRule } from './dto/projects.response';

@ApiTags('Projects')
@ApiExtraModels(ScoringRule)
@Controller('api/v1/projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  @ApiOperation({ operationId: 'listProjects', summary: 'List projects', description: 'Viewer and above; ordered by id.' })
  @ApiRecruitingResponse(200, [ProjectResponse], 'A page of projects', { paginated: true })
  @ApiErrorResponses({ 400: 'A malformed query' })
  list(@Query() query: ListProjectsQuery): Promise<PaginatedResult<ProjectResponse>> {
    return this.projects.list(query);
  }

  @Post()
  @ApiOperation({ operationId: 'createProject', summary: 'Create a project', description: 'Member and above.' })
  @ApiRecruitingResponse(201, ProjectResponse, 'The new project')
  @ApiErrorResponses({ 400: 'A malformed body, or a scoring rule that cannot be used (SCORING_ERROR)' })
  create(@Body() body: CreateProjectDto): Promise<ProjectResponse> {
    return this.projects.create(body);
  }

  @Get(':projectId')
  @ApiOperation({ operationId: 'getProject', summary: 'Read a project', description: 'Viewer and above.' })
  @ApiRecruitingResponse(200, ProjectResponse, 'The project')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project does not exist' })
  get(@Param() { projectId }: ProjectIdParam): Promise<ProjectResponse> {
    return this.projects.get(projectId);
  }

  @Patch(':projectId')
  @ApiOperation({
    operationId: 'updateProject',
    summary: 'Update a project',
    description: 'Member and above; omitted fields stay as they are.',
  })
  @ApiRecruitingResponse(200, ProjectResponse, 'The updated project')
  @ApiErrorResponses({ 400: 'A malformed body, or a scoring rule that cannot be used (SCORING_ERROR)', 404: 'The project does not exist' })
  update(@Param() { projectId }: ProjectIdParam, @Body() body: UpdateProjectDto): Promise<ProjectResponse> {
    return this.projects.update(projectId, body);
  }

  @Delete(':projectId')
  @RequireRole('admin')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteProject',
    summary: 'Delete a project',
    description: 'Administrators only; refused while the project has candidates.',
  })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project does not exist', 409: 'The project has candidates' })
  delete(@Param() { projectId }: ProjectIdParam): Promise<void> {
    return this.projects.delete(projectId);
  }
}
