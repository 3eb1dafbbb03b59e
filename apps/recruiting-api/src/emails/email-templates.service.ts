import { Injectable } from '@nestjs/common';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { RecruitingDb } from '../database/recruiting-db';
import { ProjectsRepository } from '../core/projects.repository';
import { CandidatesRepository } from '../core/candidates.repository';
import { candidateNotFound, notFound } from '../recruiting.errors';
import type { CreateTemplateDto, EmailLogQuery, EmailLogResponse, EmailTemplateResponse, UpdateTemplateDto } from './dto/email.dto';
import { type EmailLogRow, EmailLogsRepository } from '../core/email-logs.repository';
import { EmailTemplatesRepository, type TemplateRow } from '../core/email-templates.repository';

const toTemplate = (row: TemplateRow): EmailTemplateResponse => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toLog = (row: EmailLogRow): EmailLogResponse => ({ ...row, sentAt: row.sentAt.toISOString() });

const templateNotFound = () => notFound('The template does not exist in this project');

/** Templates (system and project) and the email logs. */
@Injectable()
export class EmailTemplatesService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
    private readonly candidates: CandidatesRepository,
    private readonly templates: EmailTemplatesRepository,
    private readonly logRows: EmailLogsRepository,
  ) {}

  async listSystem(): Promise<EmailTemplateResponse[]> {
    return (await this.templates.listSystem(this.db)).map(toTemplate);
  }

  async listProject(projectId: number): Promise<EmailTemplateResponse[]> {
    await this.projects.requireScope(this.db, projectId);
    return (await this.templates.listProject(this.db, projectId)).map(toTemplate);
  }

  async create(projectId: number, body: CreateTemplateDto): Promise<EmailTemplateResponse> {
    await this.projects.requireScope(this.db, projectId);
    return toTemplate(await this.templates.insert(this.db, projectId, body));
  }

  /** Only the project's own templates change here; a system template's id answers 404. */
  async update(projectId: number, templateId: number, body: UpdateTemplateDto): Promise<EmailTemplateResponse> {
    await this.projects.requireScope(this.db, projectId);
    const row = await this.templates.update(this.db, projectId, templateId, body);
    if (!row) throw templateNotFound();
    return toTemplate(row);
  }

  /** Logs keep their templateId (no foreign key), so history survives. */
  async delete(projectId: number, templateId: number): Promise<void> {
    await this.projects.requireScope(this.db, projectId);
    if (!(await this.templates.delete(this.db, projectId, templateId))) throw templateNotFound();
  }

  async listLogs(projectId: number, query: EmailLogQuery, projectCandidateId?: number): Promise<PaginatedResult<EmailLogResponse>> {
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
    return PaginatedResult.of(rows.map(toLog), query.page, query.limit, total);
  }
}
