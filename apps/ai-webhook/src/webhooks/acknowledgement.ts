import type { AuditOutcome } from '../jobs/audit';
import type { AcknowledgementResponse } from './dto/acknowledgement.response';

/** The 200 answer (`AcknowledgementResponse`): the type and id echoed, success or failed, and what was done. */
export function acknowledgement(
  type: string,
  recordId: string,
  status: 'success' | 'failed',
  outcome: AuditOutcome,
): AcknowledgementResponse {
  const message = outcome.outcome === 'applied' ? 'Status applied' : `Nothing changed: ${outcome.reason}`;
  return { message, type, recordId, status };
}
