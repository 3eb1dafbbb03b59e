import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { json } from '@platform/persistence';
import type { Db } from '../database/ai-jobs-db';
import type { AuditEntry } from './audit';
import { withAppliedAudit } from './audit.repository';

export type RecordType = 'design-import' | 'code-import' | 'des2code';
export type RecordStatus = 'processing' | 'completed' | 'failed';

/** What the tenant check finds for a standard envelope's organization, project and record. */
export interface RecordScope {
  organization: boolean;
  /** The project exists and belongs to the organization. */
  project: boolean;
  /** The record exists in that project and is of the envelope's type. */
  record: { status: RecordStatus } | undefined;
}

export interface RecordOutcome {
  status: Exclude<RecordStatus, 'processing'>;
  result: Record<string, unknown> | null;
  error: string | null;
  artifact: Record<string, unknown> | null;
}

/** The ai_record table (design-import, code-import and des2code records). */
@Injectable()
export class RecordsRepository {
  async scope(db: Db, organizationId: number, projectId: number, recordId: string, type: RecordType): Promise<RecordScope> {
    const row = await db
      .selectFrom('organization as o')
      .leftJoin('project as p', (join) => join.onRef('p.organizationId', '=', 'o.id').on('p.id', '=', String(projectId)))
      .leftJoin('aiRecord as r', (join) =>
        join.onRef('r.projectId', '=', 'p.id').onRef('r.organizationId', '=', 'o.id').on('r.id', '=', recordId).on('r.type', '=', type),
      )
      .select(['p.id as projectId', 'r.status as recordStatus'])
      .where('o.id', '=', String(organizationId))
      .executeTakeFirst();
    if (!row) return { organization: false, project: false, record: undefined };
    return {
      organization: true,
      project: row.projectId !== null,
      record: row.recordStatus === null ? undefined : { status: row.recordStatus as RecordStatus },
    };
  }

  /** processing → completed or failed, with its audit row, in one statement. True when applied. */
  async finish(db: Db, recordId: string, projectId: number, outcome: RecordOutcome, audit: AuditEntry): Promise<boolean> {
    const written = await withAppliedAudit(
      db,
      db
        .updateTable('aiRecord')
        .set({
          status: outcome.status,
          result: outcome.result === null ? null : json(outcome.result),
          error: outcome.error,
          artifact: outcome.artifact === null ? null : json(outcome.artifact),
          updatedAt: sql`now()`,
          finishedAt: sql`now()`,
        })
        .where('id', '=', recordId)
        .where('projectId', '=', String(projectId))
        .where('status', '=', 'processing')
        .returning(['organizationId', 'projectId']),
      audit,
    ).executeTakeFirst();
    return written !== undefined;
  }
}
