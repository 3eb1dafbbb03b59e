import { Injectable } from '@nestjs/common';
import type { Db, Trx } from '../recruiting-db';

export interface PreferredSlotRow {
  id: number;
  projectCandidateId: number;
  interviewerId: number;
  interviewerName: string | null;
  startAt: Date;
  endAt: Date;
}

/** A public view of a candidate's reservation. */
export interface ReservationSummaryRow {
  id: number;
  projectCandidateId: number;
  scheduledAt: Date;
  durationMinutes: number;
  interviewType: string;
  meetingUrl: string | null;
  status: string;
  interviewerName: string | null;
}

/** Preferred slots (the candidate's availableDates) and the reservation summary of a candidate: SQL only here. */
@Injectable()
export class PreferredSlotsRepository {
  /** Replaces every preferred slot of the candidate (never appends). */
  async replace(trx: Trx, projectCandidateId: number, slots: Array<{ interviewerId: number; startAt: Date; endAt: Date }>): Promise<void> {
    await trx.deleteFrom('preferredSlots').where('projectCandidateId', '=', projectCandidateId).execute();
    if (slots.length > 0)
      await trx
        .insertInto('preferredSlots')
        .values(slots.map((s) => ({ ...s, projectCandidateId })))
        .execute();
  }

  async ofCandidates(db: Db, ids: number[]): Promise<PreferredSlotRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('preferredSlots as p')
      .leftJoin('users as u', 'u.id', 'p.interviewerId')
      .select(['p.id', 'p.projectCandidateId', 'p.interviewerId', 'u.name as interviewerName', 'p.startAt', 'p.endAt'])
      .where('p.projectCandidateId', 'in', ids)
      .orderBy('p.startAt')
      .orderBy('p.id')
      .execute();
  }

  async reservationOf(db: Db, projectCandidateId: number): Promise<ReservationSummaryRow | undefined> {
    return (await this.reservationsOf(db, [projectCandidateId]))[0];
  }

  async reservationsOf(db: Db, ids: number[]): Promise<ReservationSummaryRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('reservations as r')
      .leftJoin('users as u', 'u.id', 'r.interviewerId')
      .select([
        'r.id',
        'r.projectCandidateId',
        'r.scheduledAt',
        'r.durationMinutes',
        'r.interviewType',
        'r.meetingUrl',
        'r.status',
        'u.name as interviewerName',
      ])
      .where('r.projectCandidateId', 'in', ids)
      .execute();
  }
}
