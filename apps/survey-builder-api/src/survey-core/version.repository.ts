import { Injectable } from '@nestjs/common';
import type { Db, Trx } from '../database/builder-db';
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

/** The one column list of the survey_version table. */
const VERSION_COLUMNS = [
  'id',
  'surveyId',
  'versionNo',
  'status',
  'createdBy',
  'createdAt',
  'sourceVersionId',
  'rollbackFromVersionId',
] as const;

@Injectable()
export class VersionRepository {
  async insert(trx: Trx, version: Omit<VersionRow, 'id' | 'createdAt'>): Promise<VersionRow> {
    return (await trx.insertInto('surveyVersion').values(version).returning(VERSION_COLUMNS).executeTakeFirstOrThrow()) as VersionRow;
  }

  async list(db: Db, surveyId: string): Promise<VersionRow[]> {
    return (await db
      .selectFrom('surveyVersion')
      .select(VERSION_COLUMNS)
      .where('surveyId', '=', surveyId)
      .orderBy('versionNo')
      .execute()) as VersionRow[];
  }

  /** Up to `limit` versions numbered after `afterNo` and up to `lastNo`, in order (a history read page by page). */
  async listBetween(db: Db, surveyId: string, afterNo: number, lastNo: number, limit: number): Promise<VersionRow[]> {
    return (await db
      .selectFrom('surveyVersion')
      .select(VERSION_COLUMNS)
      .where('surveyId', '=', surveyId)
      .where('versionNo', '>', afterNo)
      .where('versionNo', '<=', lastNo)
      .orderBy('versionNo')
      .limit(limit)
      .execute()) as VersionRow[];
  }

  async findByNumber(db: Db, surveyId: string, versionNo: number): Promise<VersionRow | undefined> {
    return (await db
      .selectFrom('surveyVersion')
      .select(VERSION_COLUMNS)
      .where('surveyId', '=', surveyId)
      .where('versionNo', '=', versionNo)
      .executeTakeFirst()) as VersionRow | undefined;
  }

  async setStatus(trx: Trx, versionId: string, status: SurveyStatus): Promise<void> {
    await trx.updateTable('surveyVersion').set({ status }).where('id', '=', versionId).execute();
  }
}
