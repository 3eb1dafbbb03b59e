import { Injectable } from '@nestjs/common';
import { CompiledQuery } from 'kysely';
import { AiJobsDb } from '../database/ai-jobs-db';
import { Batcher } from '../database/batcher';
import type { AuditEntry } from './audit';

const INSERT_IGNORED = `
  INSERT INTO webhook_audit (type, organization_id, project_id, record_id, attempt, status, outcome, reason)
  SELECT type, organization_id, project_id, record_id, attempt, status, 'ignored', reason
  FROM jsonb_to_recordset($1::jsonb) AS t(
    type text, organization_id bigint, project_id bigint, record_id text, attempt int, status text, reason text)`;

/**
 * The webhook_audit rows of ignored callbacks, written together when they arrive together (Batcher). Applied
 * callbacks are audited in their transition's own statement (jobs, phase moves and records repositories).
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
