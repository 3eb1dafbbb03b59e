import { Injectable } from '@nestjs/common';
import { notFound } from '../ai-webhook.errors';
import { AiJobsDb } from '../database/ai-jobs-db';
import type { AuditEntry, AuditOutcome } from '../jobs/audit';
import { AuditRepository } from '../jobs/audit.repository';
import { type RecordOutcome, RecordsRepository } from '../jobs/records.repository';
import { acknowledgement } from './acknowledgement';
import type { AcknowledgementResponse } from './dto/acknowledgement.response';
import type { Des2codeEnvelopeDto, StandardEnvelopeDto } from './dto/envelopes.dto';

/**
 * design-import, code-import and des2code (the standard envelope, `StandardEnvelopeDto`): the tenant first (organization, its
 * project, the record in it: 404 otherwise), then processing → completed or failed in one guarded statement.
 * A record already finished answers 200 and stays as it is.
 */
@Injectable()
export class StandardCallbackService {
  constructor(
    private readonly db: AiJobsDb,
    private readonly records: RecordsRepository,
    private readonly audit: AuditRepository,
  ) {}

  async handle(envelope: StandardEnvelopeDto | Des2codeEnvelopeDto): Promise<AcknowledgementResponse> {
    const scope = await this.records.scope(this.db, envelope.organizationId, envelope.projectId, envelope.recordId, envelope.type);
    if (!scope.organization) throw notFound('The organization');
    if (!scope.project) throw notFound('The project');
    if (!scope.record) throw notFound('The record');
    const entry: AuditEntry = {
      type: envelope.type,
      organizationId: envelope.organizationId,
      projectId: envelope.projectId,
      recordId: envelope.recordId,
      attempt: null,
      status: envelope.status,
    };
    let outcome: AuditOutcome;
    if (scope.record.status !== 'processing') {
      outcome = { outcome: 'ignored', reason: `duplicate: already ${scope.record.status}` };
    } else if (await this.records.finish(this.db, envelope.recordId, envelope.projectId, outcomeOf(envelope), entry)) {
      outcome = { outcome: 'applied' };
    } else {
      outcome = { outcome: 'ignored', reason: 'duplicate: finished by a concurrent callback' };
    }
    if (outcome.outcome === 'ignored') await this.audit.ignored(entry, outcome.reason);
    return acknowledgement(envelope.type, envelope.recordId, envelope.status, outcome);
  }
}

function outcomeOf(envelope: StandardEnvelopeDto | Des2codeEnvelopeDto): RecordOutcome {
  const artifact = envelope.type === 'des2code' ? (envelope.artifact ?? null) : null;
  return {
    status: envelope.status === 'success' ? 'completed' : 'failed',
    result: envelope.result ?? null,
    error: envelope.status === 'failed' ? (envelope.error?.message ?? null) : null,
    artifact,
  };
}
