import { Injectable } from '@nestjs/common';
import { CompiledQuery, sql, type UpdateQueryBuilder } from 'kysely';
import { AiJobsDb, type Db } from '../database/ai-jobs-db';
import type { DB } from '../database/schema';
import { Batcher } from '../database/batcher';
import type { AuditEntry } from './audit';

const INSERT_IGNORED = `
  INSERT INTO webhook_audit (type, organization_id, project_id, record_id, attempt, status, outcome, reason)
  SELECT type, organization_id, project_id, record_id, attempt, status, 'ignored', reason
  FROM jsonb_to_recordset($1::jsonb) AS t(
    type text, organization_id bigint, project_id bigint, record_id text, attempt int, status text, reason text)`;

/**
 * The audit row of each row a guarded transition changed, for raw statements: the `changed` CTE must return type,
 * organization_id, project_id, job_id, attempt and status (see PhaseMovesRepository).
 */
export const AUDIT_CHANGED_ROWS = `INSERT INTO webhook_audit (type, organization_id, project_id, record_id, attempt, status, outcome)
    SELECT type, organization_id, project_id, job_id, attempt, status, 'applied' FROM changed`;

/** A guarded UPDATE … RETURNING organization_id, project_id (of ai_job or ai_record). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GuardedUpdate = UpdateQueryBuilder<DB, any, any, { organizationId: string; projectId: string }>;

/**
 * The guarded update and the audit row of what it changed, as one statement (INSERT … SELECT from its CTE): a
 * transition is never applied without its audit, and one that matches nothing writes none. Returns the audit id.
 */
export function withAppliedAudit(db: Db, update: GuardedUpdate, audit: Pick<AuditEntry, 'type' | 'recordId' | 'attempt' | 'status'>) {
  return db
    .with('changed', () => update)
    .insertInto('webhookAudit')
    .columns(['type', 'organizationId', 'projectId', 'recordId', 'attempt', 'status', 'outcome'])
    .expression((eb) =>
      eb
        .selectFrom('changed')
        .select([
          sql<string>`${audit.type}::text`.as('type'),
          'changed.organizationId',
          'changed.projectId',
          sql<string>`${audit.recordId}::text`.as('recordId'),
          sql<number>`${audit.attempt}::int`.as('attempt'),
          sql<string>`${audit.status}::text`.as('status'),
          sql<string>`'applied'`.as('outcome'),
        ]),
    )
    .returning('id');
}

/**
 * Every webhook_audit row is written here: applied ones in their transition's own statement (withAppliedAudit,
 * AUDIT_CHANGED_ROWS), and the webhook_audit rows of ignored callbacks, written together when they arrive together (Batcher).
 */
@Injectable()
export class AuditRepository {
  private readonly batcher = new Batcher<AuditEntry & { reason: string }, void>((entries) => this.insertAll(entries));

  constructor(private readonly db: AiJobsDb) {}

  ignored(entry: AuditEntry, reason: string): Promise<void> {
    return this.batcher.submit({ ...entry, reason });
  }

  private async insertAll(entries: Array<AuditEntry & { reason: string }>): Promise<void[]> {
    const rows = entries.map((e) => ({
      type: e.type,
      organization_id: e.organizationId,
      project_id: e.projectId,
      record_id: e.recordId,
      attempt: e.attempt,
      status: e.status,
      reason: e.reason,
    }));
    await this.db.executeQuery(CompiledQuery.raw(INSERT_IGNORED, [JSON.stringify(rows)]));
    return entries.map(() => undefined);
  }
}
