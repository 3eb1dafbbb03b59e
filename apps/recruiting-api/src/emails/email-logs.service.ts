import { Injectable } from '@nestjs/common';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { CandidatesRepository } from '../database/repositories/candidates.repository';
import { EmailLogsRepository } from '../database/repositories/email-logs.repository';
import { ProjectsRepository } from '../database/repositories/projects.repository';
import { RecruitingDb } from '../database/recruiting-db';
import { candidateNotFound } from '../recruiting.errors';
import type { EmailLogQuery } from './dto/email.dto';
import { toEmailLog } from './email-log.mapper';
import { type EmailLogResponse } from './dto/email.response';

/** The email logs of a project, or of one of its candidates: every attempt, sent or failed. */
@Injectable()
export class EmailLogsService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
    private readonly candidates: CandidatesRepository,
    private readonly logRows: EmailLogsRepository,
  ) {}

  async list(projectId: number, query: EmailLogQuery, projectCandidateId?: number): Promise<PaginatedResult<EmailLogResponse>> {
    await this.projects.requireScope(this.db, projectId);
    if (projectCandidateId !== undefined) {
      if (!(await this.candidates.exists(this.db, projectId, projectCandidateId))) throw candidateNotFound();
    }
    const { rows, total } = await this.logRows.page(
      this.db,
      { projectId, projectCandidateId },
      query.sort ?? '-sentAt',
      offsetOf(query.page, query.limit),
      query.limit,
    );
    return PaginatedResult.of(rows.map(toEmailLog), query.page, query.limit, total);
  }
}
