import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SurveyStatus } from '../domain/model';

export interface VersionRow {
  id: string;
  surveyId: string;
  versionNo: number;
  status: SurveyStatus;
  createdBy: string;
  createdAt: Date;
  sourceVersionId: string | null;
  rollbackFromVersionId: string | null;
}

const COLUMNS = `id, survey_id AS "surveyId", version_no AS "versionNo", status, created_by AS "createdBy", created_at AS "createdAt",
  source_version_id AS "sourceVersionId", rollback_from_version_id AS "rollbackFromVersionId"`;

@Injectable()
export class VersionsRepository {
  async insert(
    manager: EntityManager,
    version: Pick<VersionRow, 'surveyId' | 'versionNo' | 'status' | 'createdBy' | 'sourceVersionId' | 'rollbackFromVersionId'>,
  ): Promise<VersionRow> {
    const [row] = await manager.query<VersionRow[]>(
      `INSERT INTO survey_version (survey_id, version_no, status, created_by, source_version_id, rollback_from_version_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [version.surveyId, version.versionNo, version.status, version.createdBy, version.sourceVersionId, version.rollbackFromVersionId],
    );
    return row;
  }

  async list(manager: EntityManager, surveyId: string): Promise<VersionRow[]> {
    return manager.query<VersionRow[]>(`SELECT ${COLUMNS} FROM survey_version WHERE survey_id = $1 ORDER BY version_no`, [surveyId]);
  }

  async findByNumber(manager: EntityManager, surveyId: string, versionNo: number): Promise<VersionRow | undefined> {
    const [row] = await manager.query<VersionRow[]>(`SELECT ${COLUMNS} FROM survey_version WHERE survey_id = $1 AND version_no = $2`, [
      surveyId,
      versionNo,
    ]);
    return row;
  }

  async setStatus(manager: EntityManager, versionId: string, status: SurveyStatus): Promise<void> {
    await manager.query(`UPDATE survey_version SET status = $2 WHERE id = $1`, [versionId, status]);
  }
}
