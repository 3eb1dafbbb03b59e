import { Injectable } from '@nestjs/common';
import { notFound } from '../ai-webhook.errors';
import { AiJobsDb } from '../database/ai-jobs-db';
import { JOB_STATUS, type JobKind, judgeAttempt, judgeTerminal, type Verdict } from '../domain/job-rules';
import type { AuditEntry, AuditOutcome } from '../jobs/audit';
import { AuditRepository } from '../jobs/audit.repository';
import { type JobOutcome, type JobRow, JobsRepository } from '../jobs/jobs.repository';
import type { RowEffect } from '../manifests/manifest';
import { ManifestReader } from '../manifests/manifest-reader';
import { foreignPart, parseManifestUrl } from '../manifests/manifest-url';

/** A terminal job callback: page_import and code2des, and wf2des succeeded and failed. */
export interface TerminalCallback {
  type: JobKind;
  job_id: string;
  attempt: number;
  nonce: string;
  /** The row status it asks for. */
  outcome: 'completed' | 'failed';
  /** The status as sent, for the audit. */
  status: string;
  result_manifest_url: string;
  error?: { message: string };
}

/**
 * Job callbacks (issue 12). The job row of the type must exist (404, so the queue redelivers), the
 * nonce be the named attempt's (404 otherwise), the manifest URL name the row's bucket, tenant, project, kind
 * and job (404 otherwise). A superseded attempt or a finished row answers 200 and changes nothing. Then the
 * manifest is read and checked (500 and no change when it is unreadable or invalid), and one guarded statement
 * moves the row from processing to completed or failed with the row effect's fields.
 */
@Injectable()
export class JobTerminalService {
  constructor(
    private readonly db: AiJobsDb,
    private readonly jobs: JobsRepository,
    private readonly audit: AuditRepository,
    private readonly manifests: ManifestReader,
  ) {}

  /** The job row, or 404; refused attempts are 404 too (they name no attempt that was dispatched). */
  async jobFor(callback: { type: JobKind; job_id: string; attempt: number; nonce: string }): Promise<{ job: JobRow; verdict: Verdict }> {
    const job = await this.jobs.find(this.db, callback.job_id, callback.type, callback.attempt);
    if (!job) throw notFound('The job');
    const verdict = judgeAttempt(job, callback);
    if (verdict.kind === 'refused') throw notFound(`The job attempt (${verdict.reason})`);
    return { job, verdict };
  }

  async finish(callback: TerminalCallback): Promise<AuditOutcome> {
    const { job, verdict } = await this.jobFor(callback);
    const address = parseManifestUrl(callback.result_manifest_url);
    const foreign = address && foreignPart(address, { bucket: this.manifests.bucket, ...job });
    if (!address || foreign) throw notFound(`The manifest (result_manifest_url names another ${foreign ?? 'location'})`);
    const entry = this.entryOf(callback, job);
    let outcome = ignoredOf(verdict) ?? ignoredOf(judgeTerminal(job));
    if (!outcome) {
      const effect = await this.manifests.rowEffect(job, {
        kind: job.kind,
        jobId: job.jobId,
        attempt: callback.attempt,
        nonce: callback.nonce,
        status: callback.outcome,
      });
      const applied = await this.jobs.finish(this.db, guardOf(callback), job.kind, outcomeOf(effect, callback), entry);
      outcome = applied ? { outcome: 'applied' } : await this.whyNot(callback);
    }
    if (outcome.outcome === 'ignored') await this.audit.ignored(entry, outcome.reason);
    return outcome;
  }

  /** After a guarded statement changed nothing: what superseded the callback in the meantime. */
  async whyNot(callback: { type: JobKind; job_id: string; attempt: number; nonce: string }): Promise<AuditOutcome> {
    const { job, verdict } = await this.jobFor(callback);
    return ignoredOf(verdict) ?? ignoredOf(judgeTerminal(job)) ?? { outcome: 'ignored', reason: 'superseded by a concurrent callback' };
  }

  entryOf(callback: { type: JobKind; job_id: string; attempt: number; status: string }, job: JobRow): AuditEntry {
    return {
      type: callback.type,
      organizationId: job.organizationId,
      projectId: job.projectId,
      recordId: callback.job_id,
      attempt: callback.attempt,
      status: callback.status,
    };
  }
}

export function guardOf(callback: { job_id: string; attempt: number; nonce: string }) {
  return { jobId: callback.job_id, attempt: callback.attempt, nonce: callback.nonce };
}

export function ignoredOf(verdict: Verdict): AuditOutcome | undefined {
  return verdict.kind === 'ignored' ? { outcome: 'ignored', reason: verdict.reason } : undefined;
}

/** The row's new fields: a completed row takes the effect's results, a failed one its failure pointer and the error. */
function outcomeOf(effect: RowEffect, callback: TerminalCallback): JobOutcome {
  if (effect.status === 'completed') {
    return {
      status: JOB_STATUS.completed,
      resultUrl: effect.result_url,
      captureHash: effect.capture_hash,
      screenshotUrl: effect.screenshot_url,
      warningCount: effect.warning_count,
      flagCount: effect.flag_count,
    };
  }
  return {
    status: JOB_STATUS.failed,
    failureResultUrl: effect.failure_result_url,
    error: callback.error?.message ?? effect.error ?? null,
  };
}
