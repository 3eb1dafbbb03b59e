import { Injectable } from '@nestjs/common';
import { AiJobsDb } from '../database/ai-jobs-db';
import { isPhaseSignal, judgePhaseSignal, WF2DES_PHASE_TRANSITIONS, type Wf2desPhaseSignal } from '../domain/wf2des-transitions';
import type { Verdict } from '../domain/job-rules';
import type { AuditOutcome } from '../jobs/audit';
import { AuditRepository } from '../jobs/audit.repository';
import { JobsRepository } from '../jobs/jobs.repository';
import { acknowledgement } from './acknowledgement';
import type { AcknowledgementResponse } from './dto/acknowledgement.response';
import type { Wf2desEnvelopeDto } from './dto/envelopes.dto';
import { guardOf, JobTerminalService } from './job-terminal.service';

/**
 * wf2des (spec 6 table). A phase signal is one guarded statement (attempt, nonce, status 0, phase it may move
 * from) that also writes its audit row; only when it changes nothing is the row read, to answer 404 or say why.
 * succeeded and failed go through the manifest like the other job types.
 */
@Injectable()
export class Wf2desCallbackService {
  constructor(
    private readonly db: AiJobsDb,
    private readonly jobs: JobsRepository,
    private readonly audit: AuditRepository,
    private readonly terminal: JobTerminalService,
  ) {}

  async handle(envelope: Wf2desEnvelopeDto): Promise<AcknowledgementResponse> {
    const outcome = isPhaseSignal(envelope.status)
      ? await this.movePhase(envelope, envelope.status)
      : await this.terminal.finish({
          ...envelope,
          outcome: envelope.status === 'succeeded' ? 'completed' : 'failed',
          result_manifest_url: envelope.result_manifest_url!,
        });
    return acknowledgement(envelope.type, envelope.job_id, envelope.status === 'failed' ? 'failed' : 'success', outcome);
  }

  private async movePhase(envelope: Wf2desEnvelopeDto, signal: Wf2desPhaseSignal): Promise<AuditOutcome> {
    const { to, from } = WF2DES_PHASE_TRANSITIONS[signal];
    const audit = {
      type: envelope.type,
      organizationId: null,
      projectId: null,
      recordId: envelope.job_id,
      attempt: envelope.attempt,
      status: signal,
    };
    if (await this.jobs.movePhase(this.db, guardOf(envelope), to, from, audit)) return { outcome: 'applied' };
    const { job, verdict } = await this.terminal.jobFor(envelope);
    const reason = ignoredReason(verdict) ?? ignoredReason(judgePhaseSignal(job, signal)) ?? 'superseded by a concurrent callback';
    await this.audit.ignored(this.db, this.terminal.entryOf(envelope, job), reason);
    return { outcome: 'ignored', reason };
  }
}

function ignoredReason(verdict: Verdict): string | undefined {
  return verdict.kind === 'ignored' ? verdict.reason : undefined;
}
