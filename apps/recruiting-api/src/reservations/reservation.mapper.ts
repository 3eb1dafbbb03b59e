import { type ReservationRow } from '../database/repositories/reservations.repository';
import { type ReservationResponse } from './dto/reservations.response';

export const toReservation = (r: ReservationRow): ReservationResponse => ({
  id: r.id,
  projectId: r.projectId,
  projectCandidateId: r.projectCandidateId,
  interviewerId: r.interviewerId,
  scheduledAt: r.scheduledAt.toISOString(),
  durationMinutes: r.durationMinutes,
  interviewType: r.interviewType,
  meetingUrl: r.meetingUrl,
  status: r.status,
  candidate: { id: r.personId, externalUserId: r.externalUserId, email: r.email, phone: r.phone, name: r.name },
  interviewer: {
    id: r.interviewerId,
    email: r.interviewerEmail,
    name: r.interviewerName,
    picture: r.interviewerPicture,
    role: r.interviewerRole,
    createdAt: r.interviewerCreatedAt.toISOString(),
  },
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
