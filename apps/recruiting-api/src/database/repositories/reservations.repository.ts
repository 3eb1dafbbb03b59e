import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db, Trx } from '../recruiting-db';
import { RecruitingError } from '../../recruiting.errors';

export const RESERVATION_SORTS = ['scheduledAt', '-scheduledAt', 'createdAt', '-createdAt'] as const;
export type ReservationSort = (typeof RESERVATION_SORTS)[number];

export interface ReservationRow {
  id: number;
  projectId: number;
  projectCandidateId: number;
  interviewerId: number;
  scheduledAt: Date;
  endsAt: Date;
  durationMinutes: number;
  interviewType: string;
  meetingUrl: string | null;
  status: string;
  calendarEventId: string | null;
  createdAt: Date;
  updatedAt: Date;
  personId: number;
  externalUserId: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  interviewerEmail: string;
  interviewerName: string;
  interviewerPicture: string | null;
  interviewerRole: string;
  interviewerCreatedAt: Date;
}

export interface ReservationValues {
  projectId: number;
  projectCandidateId: number;
  interviewerId: number;
  scheduledAt: Date;
  endsAt: Date;
  durationMinutes: number;
  interviewType: string;
  meetingUrl: string | null;
}

const ORDER: Record<ReservationSort, string> = {
  scheduledAt: 'r.scheduled_at asc, r.id asc',
  '-scheduledAt': 'r.scheduled_at desc, r.id desc',
  createdAt: 'r.created_at asc, r.id asc',
  '-createdAt': 'r.created_at desc, r.id desc',
};

/** Reservations, one row per candidate, with the person and the interviewer: SQL only here. */
/** PostgreSQL's exclusion_violation. */
const EXCLUSION_VIOLATION = '23P01';

@Injectable()
export class ReservationsRepository {
  private base(db: Db, projectId: number) {
    return db
      .selectFrom('reservations as r')
      .innerJoin('projectCandidates as pc', 'pc.id', 'r.projectCandidateId')
      .innerJoin('candidates as c', 'c.id', 'pc.candidateId')
      .innerJoin('users as u', 'u.id', 'r.interviewerId')
      .where('r.projectId', '=', projectId)
      .select([
        'r.id',
        'r.projectId',
        'r.projectCandidateId',
        'r.interviewerId',
        'r.scheduledAt',
        'r.endsAt',
        'r.durationMinutes',
        'r.interviewType',
        'r.meetingUrl',
        'r.status',
        'r.calendarEventId',
        'r.createdAt',
        'r.updatedAt',
        'c.id as personId',
        'c.externalUserId',
        'c.email',
        'c.phone',
        'c.name',
        'u.email as interviewerEmail',
        'u.name as interviewerName',
        'u.picture as interviewerPicture',
        'u.role as interviewerRole',
        'u.createdAt as interviewerCreatedAt',
      ]);
  }

  async find(db: Db, projectId: number, id: number): Promise<ReservationRow | undefined> {
    return this.base(db, projectId).where('r.id', '=', id).executeTakeFirst();
  }

  async page(
    db: Db,
    projectId: number,
    filter: { status?: string; from?: Date; before?: Date },
    sort: ReservationSort,
    offset: number,
    limit: number,
  ): Promise<{ rows: ReservationRow[]; total: number }> {
    let count = db.selectFrom('reservations as r').where('r.projectId', '=', projectId);
    let rows = this.base(db, projectId);
    if (filter.status) {
      count = count.where('r.status', '=', filter.status);
      rows = rows.where('r.status', '=', filter.status);
    }
    if (filter.from) {
      count = count.where('r.scheduledAt', '>=', filter.from);
      rows = rows.where('r.scheduledAt', '>=', filter.from);
    }
    if (filter.before) {
      count = count.where('r.scheduledAt', '<', filter.before);
      rows = rows.where('r.scheduledAt', '<', filter.before);
    }
    const [page, total] = await Promise.all([
      rows.orderBy(sql.raw(ORDER[sort])).offset(offset).limit(limit).execute(),
      count.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: page, total: Number(total.total) };
  }

  /** The candidate's reservation row, locked. */
  async lockOfCandidate(trx: Trx, projectCandidateId: number): Promise<{ id: number; status: string } | undefined> {
    return trx
      .selectFrom('reservations')
      .select(['id', 'status'])
      .where('projectCandidateId', '=', projectCandidateId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** A reservation of the project, locked for a change. */
  async lock(
    trx: Trx,
    projectId: number,
    id: number,
  ): Promise<{ id: number; status: string; projectCandidateId: number; calendarEventId: string | null } | undefined> {
    return trx
      .selectFrom('reservations')
      .select(['id', 'status', 'projectCandidateId', 'calendarEventId'])
      .where('id', '=', id)
      .where('projectId', '=', projectId)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Confirms the candidate's reservation: a new row, or the candidate's cancelled row set confirmed again. Raises the
   * exclusion violation (23P01) when the interviewer is already booked at that time.
   */
  /** The exclusion constraint refuses a second booking of the interviewer at that time: SLOT_NOT_AVAILABLE. */
  async confirm(trx: Trx, values: ReservationValues): Promise<number> {
    const row = await trx
      .insertInto('reservations')
      .values({ ...values, status: 'confirmed' })
      .onConflict((oc) =>
        oc
          .column('projectCandidateId')
          .doUpdateSet((eb) => ({
            interviewerId: eb.ref('excluded.interviewerId'),
            scheduledAt: eb.ref('excluded.scheduledAt'),
            endsAt: eb.ref('excluded.endsAt'),
            durationMinutes: eb.ref('excluded.durationMinutes'),
            interviewType: eb.ref('excluded.interviewType'),
            meetingUrl: eb.ref('excluded.meetingUrl'),
            status: 'confirmed',
            calendarEventId: null,
            updatedAt: new Date(),
          }))
          .where('reservations.status', '=', 'cancelled'),
      )
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === EXCLUSION_VIOLATION) {
          throw new RecruitingError('SLOT_NOT_AVAILABLE', 'The interviewer is already booked at that time');
        }
        throw error;
      });
    await trx.updateTable('projectCandidates').set({ reservationId: row.id }).where('id', '=', values.projectCandidateId).execute();
    return row.id;
  }

  async setEvent(trx: Trx, id: number, eventId: string | null): Promise<void> {
    await trx.updateTable('reservations').set({ calendarEventId: eventId }).where('id', '=', id).execute();
  }

  async setCancelled(trx: Trx, id: number): Promise<void> {
    await trx.updateTable('reservations').set({ status: 'cancelled', updatedAt: new Date() }).where('id', '=', id).execute();
  }

  /** A submitted slot of the candidate (an entry of its availableDates). */
  async preferredSlot(
    db: Db,
    projectCandidateId: number,
    id: number,
  ): Promise<{ interviewerId: number; startAt: Date; endAt: Date } | undefined> {
    return db
      .selectFrom('preferredSlots')
      .select(['interviewerId', 'startAt', 'endAt'])
      .where('id', '=', id)
      .where('projectCandidateId', '=', projectCandidateId)
      .executeTakeFirst();
  }
}
