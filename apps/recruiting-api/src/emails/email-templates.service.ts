import { Injectable } from '@nestjs/common';
import { RecruitingDb } from '../database/recruiting-db';
import { ProjectsRepository } from '../database/repositories/projects.repository';
import { notFound } from '../recruiting.errors';
import type { CreateTemplateDto, UpdateTemplateDto } from './dto/email.dto';
import { toEmailTemplate } from './email-template.mapper';
import { EmailTemplatesRepository } from '../database/repositories/email-templates.repository';
import { type EmailTemplateResponse } from './dto/email.response';

const templateNotFound = () => notFound('The template does not exist in this project');

/** Templates: the system's and each project's own. */
@Injectable()
export class EmailTemplatesService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
    private readonly templates: EmailTemplatesRepository,
  ) {}

  async listSystem(): Promise<EmailTemplateResponse[]> {
    return (await this.templates.listSystem(this.db)).map(toEmailTemplate);
  }

  async listProject(projectId: number): Promise<EmailTemplateResponse[]> {
    await this.projects.requireScope(this.db, projectId);
    return (await this.templates.listProject(this.db, projectId)).map(toEmailTemplate);
  }

  async create(projectId: number, body: CreateTemplateDto): Promise<EmailTemplateResponse> {
    await this.projects.requireScope(this.db, projectId);
    return toEmailTemplate(await this.templates.insert(this.db, projectId, body));
  }

  /** Only the project's own templates change here; a system template's id answers 404. */
  async update(projectId: number, templateId: number, body: UpdateTemplateDto): Promise<EmailTemplateResponse> {
    await this.projects.requireScope(this.db, projectId);
    const row = await this.templates.update(this.db, projectId, templateId, body);
    if (!row) throw templateNotFound();
    return toEmailTemplate(row);
  }

  /** Logs keep their templateId (no foreign key), so history survives. */
  async delete(projectId: number, templateId: number): Promise<void> {
    await this.projects.requireScope(this.db, projectId);
    if (!(await this.templates.delete(this.db, projectId, templateId))) throw templateNotFound();
  }
}
