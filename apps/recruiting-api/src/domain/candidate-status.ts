/**
 * Candidate statuses (ten: the contract names six; pending, completed, declined and no_show are this project's names for
 * the other four) and the one table of the moves between them. Every route and job that changes a status asks `canTransition` first.
 */
export const CANDIDATE_STATUSES = [
  'pending', // imported, not contacted yet
  'contacted', // an invitation went out
  'waiting_response', // followed up, waiting for the candidate
  'scheduling', // the candidate submitted preferred slots
  'scheduled', // a reservation is confirmed
  'interviewed', // the interview took place
  'completed', // the process ended for this candidate (e.g. paid, reported)
  'declined', // the candidate said no
  'no_show', // did not attend the confirmed interview
  'cancelled', // the interview was called off
] as const;

export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

export const isCandidateStatus = (value: unknown): value is CandidateStatus => CANDIDATE_STATUSES.includes(value as CandidateStatus);

/**
 * From each status, where it may go. Terminal: completed. declined and cancelled may be reopened by a new contact,
 * and a cancelled interview may be booked again (the interviewer was ill, the candidate picked another slot): a new
 * confirmation reuses the candidate's cancelled reservation row and moves it to scheduled.
 */
export const STATUS_TRANSITIONS: Record<CandidateStatus, readonly CandidateStatus[]> = {
  pending: ['contacted', 'waiting_response', 'declined', 'cancelled'],
  contacted: ['waiting_response', 'scheduling', 'scheduled', 'declined', 'cancelled'],
  waiting_response: ['contacted', 'scheduling', 'scheduled', 'declined', 'cancelled'],
  scheduling: ['waiting_response', 'scheduled', 'declined', 'cancelled'],
  scheduled: ['scheduling', 'interviewed', 'no_show', 'declined', 'cancelled'],
  interviewed: ['completed', 'cancelled'],
  completed: [],
  declined: ['contacted'],
  no_show: ['contacted', 'scheduling', 'declined', 'cancelled'],
  cancelled: ['contacted', 'scheduling', 'scheduled'],
};

/** Whether a candidate in `from` may move to `to`; staying in the same status is not a move. */
export function canTransition(from: CandidateStatus, to: CandidateStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}
