import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RoleType, SurveyStatus } from '../domain/model';
import type { StoredTheme } from '../domain/theme';

export interface SurveyRow extends StoredTheme {
  id: string;
  status: SurveyStatus;
  latestVersionId: string;
  latestVersionNo: number;
  createdBy: string;
  updatedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A survey as the caller sees it: with their own permission on it, if any. */
export interface AccessibleSurvey extends SurveyRow {
  role: RoleType | null;
}

export interface SurveyListQuery {
  userId: string;
  isAdmin: boolean;
  q?: string;
  status?: SurveyStatus;
  includeArchived: boolean;
  sort: 'updatedAtDesc' | 'updatedAtAsc' | 'titleAsc' | 'titleDesc';
  limit: number;
  offset: number;
}

export interface SurveyListRow extends SurveyRow {
  favorite: boolean;
  sectionCount: number;
}

const COLUMNS = `s.id, s.title, s.client_name AS "clientName", s.objective, s.delivery_area AS "deliveryArea", s.category,
  s.prompt_text AS "promptText", s.status, s.latest_version_id AS "latestVersionId", s.latest_version_no AS "latestVersionNo",
  s.created_by AS "createdBy", s.updated_by AS "updatedBy", s.created_at AS "createdAt", s.updated_at AS "updatedAt"`;

const ORDER: Record<SurveyListQuery['sort'], string> = {
  updatedAtDesc: 's.updated_at DESC',
  updatedAtAsc: 's.updated_at ASC',
  titleAsc: 's.title ASC',
  titleDesc: 's.title DESC',
};

const FIELD_COLUMNS: Record<keyof StoredTheme | 'status', string> = {
  title: 'title',
  clientName: 'client_name',
  objective: 'objective',
  deliveryArea: 'delivery_area',
  category: 'category',
  promptText: 'prompt_text',
  status: 'status',
};

export type SurveyFields = Partial<StoredTheme & { status: SurveyStatus }>;

@Injectable()
export class SurveysRepository {
  /** A survey that is not deleted, with the user's permission; locked for the transaction when editing. */
  async find(manager: EntityManager, surveyId: string, userId: string, lock: boolean): Promise<AccessibleSurvey | undefined> {
    const [row] = await manager.query<AccessibleSurvey[]>(
      `SELECT ${COLUMNS}, p.role_type AS role
       FROM survey s LEFT JOIN survey_permission p ON p.survey_id = s.id AND p.user_id = $2
       WHERE s.id = $1 AND s.deleted_at IS NULL ${lock ? 'FOR UPDATE OF s' : ''}`,
      [surveyId, userId],
    );
    return row;
  }

  /** The surveys the user may see, favorites first, paged in the database. */
  async list(manager: EntityManager, query: SurveyListQuery): Promise<SurveyListRow[]> {
    const params: unknown[] = [query.userId, query.limit, query.offset];
    const where = ['s.deleted_at IS NULL'];
    if (!query.isAdmin) where.push('EXISTS (SELECT 1 FROM survey_permission p WHERE p.survey_id = s.id AND p.user_id = $1)');
    if (query.status) where.push(`s.status = $${params.push(query.status)}`);
    else if (!query.includeArchived) where.push(`s.status <> 'アーカイブ'`);
    if (query.q) {
      const n = params.push(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(s.title ILIKE $${n} OR s.client_name ILIKE $${n})`);
    }
    return manager.query<SurveyListRow[]>(
      `SELECT ${COLUMNS}, (f.user_id IS NOT NULL) AS favorite,
              (SELECT count(*)::int FROM section sec WHERE sec.version_id = s.latest_version_id) AS "sectionCount"
       FROM survey s LEFT JOIN survey_favorite f ON f.survey_id = s.id AND f.user_id = $1
       WHERE ${where.join(' AND ')}
       ORDER BY favorite DESC, ${ORDER[query.sort]}, s.id
       LIMIT $2 OFFSET $3`,
      params,
    );
  }

  /** A new survey row; its version 1 is added by the caller in the same transaction. */
  async insert(manager: EntityManager, fields: StoredTheme & { status: SurveyStatus }, userId: string): Promise<string> {
    const [{ id }] = await manager.query<Array<{ id: string }>>(
      `INSERT INTO survey (title, client_name, objective, delivery_area, category, prompt_text, status, latest_version_no, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $8) RETURNING id`,
      [fields.title, fields.clientName, fields.objective, fields.deliveryArea, fields.category, fields.promptText, fields.status, userId],
    );
    return id;
  }

  /** Changes only the fields given and records who changed the survey. */
  async update(manager: EntityManager, surveyId: string, fields: SurveyFields, userId: string): Promise<void> {
    const entries = Object.entries(fields).filter(([, value]) => value !== undefined) as Array<[keyof typeof FIELD_COLUMNS, string]>;
    const sets = entries.map(([field], i) => `${FIELD_COLUMNS[field]} = $${i + 3}`);
    await manager.query(
      `UPDATE survey SET ${[...sets, 'updated_by = $2', 'updated_at = now()'].join(', ')} WHERE id = $1`,
      [surveyId, userId, ...entries.map(([, value]) => value)],
    );
  }

  async pointToVersion(manager: EntityManager, surveyId: string, versionId: string, versionNo: number, userId: string): Promise<void> {
    await manager.query(
      `UPDATE survey SET latest_version_id = $2, latest_version_no = $3, updated_by = $4, updated_at = now() WHERE id = $1`,
      [surveyId, versionId, versionNo, userId],
    );
  }

  async softDelete(manager: EntityManager, surveyId: string, userId: string): Promise<void> {
    await manager.query(`UPDATE survey SET deleted_at = now(), updated_by = $2, updated_at = now() WHERE id = $1`, [surveyId, userId]);
  }

  /** The survey a section or question row belongs to (any version), to check access before touching it. */
  async surveyOfSection(manager: EntityManager, sectionId: string): Promise<string | undefined> {
    const [row] = await manager.query<Array<{ survey_id: string }>>(
      `SELECT v.survey_id FROM section s JOIN survey_version v ON v.id = s.version_id WHERE s.id = $1`,
      [sectionId],
    );
    return row?.survey_id;
  }

  async surveyOfQuestion(manager: EntityManager, questionId: string): Promise<string | undefined> {
    const [row] = await manager.query<Array<{ survey_id: string }>>(
      `SELECT v.survey_id FROM question q JOIN survey_version v ON v.id = q.version_id WHERE q.id = $1`,
      [questionId],
    );
    return row?.survey_id;
  }

  async setFavorite(manager: EntityManager, surveyId: string, userId: string, favorite: boolean): Promise<void> {
    await manager.query(
      favorite
        ? `INSERT INTO survey_favorite (user_id, survey_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
        : `DELETE FROM survey_favorite WHERE user_id = $1 AND survey_id = $2`,
      [userId, surveyId],
    );
  }
}
