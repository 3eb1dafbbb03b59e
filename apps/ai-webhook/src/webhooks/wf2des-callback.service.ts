import { Injectable } from '@nestjs/common';
import { isPhaseSignal, judgePhaseSignal, WF2DES_PHASE_TRANSITIONS, type Wf2desPhaseSignal } from '../domain/wf2des-transitions';
import { notFound } from '../ai-webhook.errors';
import { judgeAttempt, type Verdict } from '../domain/job-rules';
import type { AuditOutcome } from '../jobs/audit';
import { AuditRepository } from '../jobs/audit.repository';
import { PhaseMovesRepository } from '../jobs/phase-moves.repository';
import { acknowledgement } from './acknowledgement';
import type { AcknowledgementResponse } from './dto/acknowledgement.response';
import type { Wf2desEnvelopeDto } from './dto/envelopes.dto';
import { guardOf, JobTerminalService } from './job-terminal.service';

/**
 * wf2des (the status-to-effect table of domain/wf2des-transitions.ts). A phase signal is one guarded statement
 * (attempt, nonce, status 0, phase it may move from) that also writes its audit row; when it changes nothing, the job
 * as that statement saw it says why (404 for no such job or attempt, else ignored). succeeded and failed go through the
 * manifest like the other job types.
 */
@Injectable()
export class Wf2desCallbackService {
  constructor(
    private readonly phaseMoves: PhaseMovesRepository,
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
    const moved = await this.phaseMoves.move({ ...guardOf(envelope), to, from, type: envelope.type, status: signal });
    if (moved.applied) return { outcome: 'applied' };
    const job = moved.job;
    if (!job) throw notFound('The job');
    const verdict = judgeAttempt(job, envelope);
    if (verdict.kind === 'refused') throw notFound(`The job attempt (${verdict.reason})`);
    const reason = ignoredReason(verdict) ?? ignoredReason(judgePhaseSignal(job, signal)) ?? 'superseded by a concurrent callback';
    await this.audit.ignored(this.terminal.entryOf(envelope, job), reason);
    return { outcome: 'ignored', reason };
  }
}

function ignoredReason(verdict: Verdict): string | undefined {
  return verdict.kind === 'ignored' ? verdict.reason : undefined;
}
