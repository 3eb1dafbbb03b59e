import { Injectable } from '@nestjs/common';
import type { Db } from '../recruiting-db';

export interface TemplateRow {
  id: number;
  projectId: number | null;
  type: string;
  name: string;
  subject: string;
  body: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface TemplateValues {
  type?: string;
  name?: string;
  subject?: string;
  body?: string;
}

const COLUMNS = ['id', 'projectId', 'type', 'name', 'subject', 'body', 'createdAt', 'updatedAt'] as const;

/** Email templates, system-wide (project_id null) and per project: SQL only here. */
@Injectable()
export class EmailTemplatesRepository {
  async listSystem(db: Db): Promise<TemplateRow[]> {
    return db.selectFrom('emailTemplates').select(COLUMNS).where('projectId', 'is', null).orderBy('id').execute();
  }

  async listProject(db: Db, projectId: number): Promise<TemplateRow[]> {
    return db.selectFrom('emailTemplates').select(COLUMNS).where('projectId', '=', projectId).orderBy('id').execute();
  }

  /** A template the project may use: its own or a system one. */
  async findUsable(db: Db, projectId: number, id: number): Promise<TemplateRow | undefined> {
    return db
      .selectFrom('emailTemplates')
      .select(COLUMNS)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('projectId', '=', projectId), eb('projectId', 'is', null)]))
      .executeTakeFirst();
  }

  /** The template of a type for automatic mail: the project's newest of that type, else the system one. */
  async findByType(db: Db, projectId: number, type: string): Promise<TemplateRow | undefined> {
    return db
      .selectFrom('emailTemplates')
      .select(COLUMNS)
      .where('type', '=', type)
      .where((eb) => eb.or([eb('projectId', '=', projectId), eb('projectId', 'is', null)]))
      .orderBy((eb) => eb('projectId', 'is', null), 'asc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async insert(db: Db, projectId: number, values: Required<TemplateValues>): Promise<TemplateRow> {
    return db
      .insertInto('emailTemplates')
      .values({ ...values, projectId })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async update(db: Db, projectId: number, id: number, values: TemplateValues): Promise<TemplateRow | undefined> {
    return db
      .updateTable('emailTemplates')
      .set({ ...values, updatedAt: new Date() })
      .where('id', '=', id)
      .where('projectId', '=', projectId)
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  async delete(db: Db, projectId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('emailTemplates').where('id', '=', id).where('projectId', '=', projectId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
