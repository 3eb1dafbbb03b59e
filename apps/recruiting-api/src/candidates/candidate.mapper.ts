import { type CandidateRow, type StatusHistoryRow } from '../database/repositories/candidates.repository';
import { type PreferredSlotRow, type ReservationSummaryRow } from '../database/repositories/preferred-slots.repository';
import { type ProjectCandidateResponse, type StatusHistoryEntry } from './dto/candidates.response';

const objectOrNull = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** What a candidate carries from part 2: its reservation and submitted slots. */
export interface CandidateScheduling {
  reservation: ReservationSummaryRow | undefined;
  availableDates: PreferredSlotRow[];
}

export const toProjectCandidate = (row: CandidateRow, scheduling?: CandidateScheduling): ProjectCandidateResponse => ({
  id: row.id,
  projectId: row.projectId,
  candidateId: row.candidateId,
  status: row.status,
  selectionType: row.selectionType,
  segmentId: row.segmentId,
  memo: row.memo,
  priority: row.priority,
  score: row.score,
  attributes: objectOrNull(row.attributes),
  surveyResponses: objectOrNull(row.surveyResponses),
  reservationId: row.reservationId,
  reservation: scheduling?.reservation
    ? {
        scheduledAt: scheduling.reservation.scheduledAt.toISOString(),
        durationMinutes: scheduling.reservation.durationMinutes,
        interviewType: scheduling.reservation.interviewType,
        status: scheduling.reservation.status,
        interviewerName: scheduling.reservation.interviewerName,
      }
    : null,
  availableDates: (scheduling?.availableDates ?? []).map((d) => ({
    id: d.id,
    startAt: d.startAt.toISOString(),
    endAt: d.endAt.toISOString(),
    interviewerName: d.interviewerName,
  })),
  candidate: { id: row.candidateId, externalUserId: row.externalUserId, email: row.email, phone: row.phone, name: row.name },
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A row of the candidate's status history. */
export const toStatusHistoryEntry = (row: StatusHistoryRow): StatusHistoryEntry => ({ ...row, createdAt: row.createdAt.toISOString() });
