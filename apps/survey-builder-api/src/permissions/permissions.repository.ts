import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RoleType } from '../domain/model';

export interface PermissionRow {
  userId: string;
  userName: string;
  roleType: RoleType;
}

@Injectable()
export class PermissionsRepository {
  async list(manager: EntityManager, surveyId: string): Promise<PermissionRow[]> {
    return manager.query<PermissionRow[]>(
      `SELECT p.user_id AS "userId", u.name AS "userName", p.role_type AS "roleType"
       FROM survey_permission p JOIN "user" u ON u.id = p.user_id WHERE p.survey_id = $1 ORDER BY u.name, u.id`,
      [surveyId],
    );
  }

  /** The given list becomes the survey's whole list. */
  async replace(manager: EntityManager, surveyId: string, entries: Array<{ userId: string; roleType: RoleType }>): Promise<void> {
    await manager.query(`DELETE FROM survey_permission WHERE survey_id = $1`, [surveyId]);
    await manager.query(
      `INSERT INTO survey_permission (survey_id, user_id, role_type)
       SELECT $1, user_id, role_type FROM jsonb_to_recordset($2::jsonb) AS t(user_id uuid, role_type text)`,
      [surveyId, JSON.stringify(entries.map((e) => ({ user_id: e.userId, role_type: e.roleType })))],
    );
  }

  /** Gives or raises a user's permission (edit is never lowered to view). */
  async grant(manager: EntityManager, surveyId: string, userId: string, roleType: RoleType): Promise<void> {
    await manager.query(
      `INSERT INTO survey_permission (survey_id, user_id, role_type) VALUES ($1, $2, $3)
       ON CONFLICT (survey_id, user_id) DO UPDATE
       SET role_type = CASE WHEN survey_permission.role_type = 'edit' THEN 'edit' ELSE EXCLUDED.role_type END`,
      [surveyId, userId, roleType],
    );
  }

  async copy(manager: EntityManager, fromSurveyId: string, toSurveyId: string): Promise<void> {
    await manager.query(
      `INSERT INTO survey_permission (survey_id, user_id, role_type) SELECT $2, user_id, role_type FROM survey_permission WHERE survey_id = $1`,
      [fromSurveyId, toSurveyId],
    );
  }
}
