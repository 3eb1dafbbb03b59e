import { Injectable } from '@nestjs/common';
import type { Db } from '../recruiting-db';
import { projectNotFound } from '../../recruiting.errors';

export interface ProjectRow {
  id: number;
  name: string;
  interviewDurationMinutes: number;
  timezone: string;
  scoringRules: unknown;
  createdAt: Date;
  updatedAt: Date;
}

/** What a project-scoped use case needs of its project. */
export interface ProjectScope {
  id: number;
  name: string;
  interviewDurationMinutes: number;
  timezone: string;
}

/** The columns of a ProjectScope, as they are selected (alone, or beside another table's under the alias `p`). */
export const PROJECT_SCOPE_COLUMNS = ['id', 'name', 'interviewDurationMinutes', 'timezone'] as const;

export interface ProjectValues {
  name?: string;
  interviewDurationMinutes?: number;
  timezone?: string;
  scoringRules?: unknown[];
}

const COLUMNS = ['id', 'name', 'interviewDurationMinutes', 'timezone', 'scoringRules', 'createdAt', 'updatedAt'] as const;

/** The columns to write: JSONB goes as its JSON text. */
const columnsOf = ({ scoringRules, ...rest }: ProjectValues) => ({
  ...rest,
  ...(scoringRules !== undefined ? { scoringRules: JSON.stringify(scoringRules) } : {}),
});

const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503';

/** The projects table: SQL only here. */
@Injectable()
export class ProjectsRepository {
  /** Every project-scoped route starts here: an unknown project answers 404 before anything else is read or written. */
  async requireScope(db: Db, projectId: number): Promise<ProjectScope> {
    const project = await db.selectFrom('projects').select(PROJECT_SCOPE_COLUMNS).where('id', '=', projectId).executeTakeFirst();
    if (!project) throw projectNotFound();
    return project;
  }

  async page(db: Db, offset: number, limit: number): Promise<{ rows: ProjectRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      db.selectFrom('projects').select(COLUMNS).orderBy('id').offset(offset).limit(limit).execute(),
      db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async find(db: Db, id: number): Promise<ProjectRow | undefined> {
    return db.selectFrom('projects').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  async insert(db: Db, values: ProjectValues & { name: string }): Promise<ProjectRow> {
    return db
      .insertInto('projects')
      .values({ ...columnsOf(values), name: values.name })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async update(db: Db, id: number, values: ProjectValues): Promise<ProjectRow | undefined> {
    return db
      .updateTable('projects')
      .set({ ...columnsOf(values), updatedAt: new Date() })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  /** Deletes the project unless it has candidates: answers whether it existed and whether it was kept for them. */
  async deleteIfEmpty(db: Db, id: number): Promise<'deleted' | 'missing' | 'has-candidates'> {
    let result;
    try {
      result = await db
        .deleteFrom('projects')
        .where('id', '=', id)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('projectCandidates').select('id').where('projectId', '=', id))))
        .executeTakeFirst();
    } catch (error) {
      // A candidate imported between the check and the delete: the foreign key refuses, as the check would have.
      if (isForeignKeyViolation(error)) return 'has-candidates';
      throw error;
    }
    if (Number(result.numDeletedRows) === 1) return 'deleted';
    return (await this.find(db, id)) ? 'has-candidates' : 'missing';
  }
}
