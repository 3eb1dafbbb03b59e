import { randomBytes } from 'node:crypto';
import { MembershipRepository } from '../access/membership.repository';
import type { Db } from '../database/ai-jobs-db';
import type { JobKind } from '../domain/job-rules';
import { JobAdminRepository } from '../jobs/job-admin.repository';
import type { RecordType } from '../jobs/records.repository';
import { manifestPrefix } from '../manifests/manifest-url';

export const RECORD_KINDS = ['design-import', 'code-import', 'des2code'] as const;
export const JOB_KINDS = ['page_import', 'code2des', 'wf2des'] as const;
export type RowKind = RecordType | JobKind;

const newNonce = () => randomBytes(24).toString('base64url');

export class OperatorError extends Error {}

/** The operator command's operations (npm run -s ai-jobs), each answering one JSON-able object. */
export class AiJobsOperations {
  private readonly memberships = new MembershipRepository();
  private readonly admin = new JobAdminRepository();

  constructor(
    private readonly db: Db,
    private readonly bucket: string,
  ) {}

  /** A record or a job in the project, the organization and project created when missing. */
  async create(kind: RowKind, organizationId: number, projectId: number) {
    await this.project(organizationId, projectId);
    const ids = { kind, organization_id: organizationId, project_id: projectId };
    if ((RECORD_KINDS as readonly string[]).includes(kind)) {
      return { ...ids, record_id: await this.admin.createRecord(this.db, kind as RecordType, organizationId, projectId) };
    }
    const nonce = newNonce();
    const jobId = await this.admin.createJob(this.db, kind as JobKind, organizationId, projectId, nonce);
    return { ...ids, job_id: jobId, attempt: 1, nonce, manifest_prefix: this.prefix({ organizationId, projectId, kind, jobId }) };
  }

  async retry(jobId: string) {
    const nonce = newNonce();
    const job = await this.admin.retry(this.db, jobId, nonce);
    if (!job) throw new OperatorError(`no job ${jobId}`);
    return {
      kind: job.kind,
      organization_id: job.organizationId,
      project_id: job.projectId,
      job_id: job.jobId,
      attempt: job.attempt,
      nonce,
      manifest_prefix: this.prefix({ ...job, jobId: job.jobId }),
    };
  }

  async grant(organizationId: number, projectId: number, subject: string) {
    await this.project(organizationId, projectId);
    await this.memberships.grant(this.db, subject, projectId);
    return { organization_id: organizationId, project_id: projectId, subject };
  }

  private async project(organizationId: number, projectId: number): Promise<void> {
    if (!(await this.memberships.ensureProject(this.db, { organizationId, projectId }))) {
      throw new OperatorError(`project ${projectId} belongs to another organization`);
    }
  }

  private prefix(owner: { organizationId: number; projectId: number; kind: string; jobId: string }): string {
    return `${this.bucket}/${manifestPrefix(owner)}`;
  }
}
