import { Injectable } from '@nestjs/common';
import type { Db } from '../database/ai-jobs-db';
import type { AuditEntry } from './audit';

/** The webhook_audit table. Applied callbacks are audited in their transition's own statement (jobs and records repositories). */
@Injectable()
export class AuditRepository {
  async ignored(db: Db, entry: AuditEntry, reason: string): Promise<void> {
    await db
      .insertInto('webhookAudit')
      .values({
        type: entry.type,
        organizationId: entry.organizationId === null ? null : String(entry.organizationId),
        projectId: entry.projectId === null ? null : String(entry.projectId),
        recordId: entry.recordId,
        attempt: entry.attempt,
        status: entry.status,
        outcome: 'ignored',
        reason,
      })
      .execute();
  }
}
