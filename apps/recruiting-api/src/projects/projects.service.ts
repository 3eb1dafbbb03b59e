import { Injectable } from '@nestjs/common';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { RecruitingDb } from '../database/recruiting-db';
import { parseScoringRules, ScoringRuleError } from '../domain/scoring-rules';
import { projectNotFound, RecruitingError } from '../recruiting.errors';
import type { CreateProjectDto, ListProjectsQuery, UpdateProjectDto } from './dto/projects.dto';
import { ProjectsRepository } from '../database/repositories/projects.repository';
import { toProjectResponse } from './project.mapper';
import { type ProjectResponse } from './dto/projects.response';

/** Rules are checked when saved, so a stored rule set always scores. */
function checkScoringRules(rules: unknown[] | undefined): void {
  if (rules === undefined) return;
  try {
    parseScoringRules(rules);
  } catch (error) {
    if (error instanceof ScoringRuleError) throw new RecruitingError('SCORING_ERROR', error.message);
    throw error;
  }
}

@Injectable()
export class ProjectsService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
  ) {}

  async list(query: ListProjectsQuery): Promise<PaginatedResult<ProjectResponse>> {
    const { rows, total } = await this.projects.page(this.db, offsetOf(query.page, query.limit), query.limit);
    return PaginatedResult.of(rows.map(toProjectResponse), query.page, query.limit, total);
  }

  async get(projectId: number): Promise<ProjectResponse> {
    const row = await this.projects.find(this.db, projectId);
    if (!row) throw projectNotFound();
    return toProjectResponse(row);
  }

  async create(body: CreateProjectDto): Promise<ProjectResponse> {
    checkScoringRules(body.scoringRules);
    return toProjectResponse(await this.projects.insert(this.db, body));
  }

  async update(projectId: number, body: UpdateProjectDto): Promise<ProjectResponse> {
    checkScoringRules(body.scoringRules);
    const row = await this.projects.update(this.db, projectId, body);
    if (!row) throw projectNotFound();
    return toProjectResponse(row);
  }

  async delete(projectId: number): Promise<void> {
    const outcome = await this.projects.deleteIfEmpty(this.db, projectId);
    if (outcome === 'missing') throw projectNotFound();
    if (outcome === 'has-candidates') throw new RecruitingError('CONFLICT', 'The project has candidates; delete them first');
  }
}
