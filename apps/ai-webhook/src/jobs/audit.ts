/**
 * One audit row per accepted callback (issue 12): type, ids, attempt, status, and whether it was applied or
 * ignored and why. Never the API key, nor the nonce.
 */
export interface AuditEntry {
  type: string;
  organizationId: number | null;
  projectId: number | null;
  /** recordId of standard envelopes, job_id of job envelopes. */
  recordId: string;
  attempt: number | null;
  status: string;
}

export type AuditOutcome = { outcome: 'applied' } | { outcome: 'ignored'; reason: string };
