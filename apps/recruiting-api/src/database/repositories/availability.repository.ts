import { Injectable } from '@nestjs/common';
import type { Db } from '../recruiting-db';
import type { AvailabilityWindow, BusyRange } from '../../domain/slots';

export interface AvailabilityRow {
  id: number;
  interviewerId: number;
  interviewerName: string;
  startAt: Date;
  endAt: Date;
}

const COLUMNS = ['a.id', 'a.interviewerId', 'u.name as interviewerName', 'a.startAt', 'a.endAt'] as const;

/** Interviewer availability windows and the confirmed reservations that block them: SQL only here. */
@Injectable()
export class AvailabilityRepository {
  private base(db: Db, projectId: number) {
    return db
      .selectFrom('interviewerAvailability as a')
      .innerJoin('users as u', 'u.id', 'a.interviewerId')
      .where('a.projectId', '=', projectId);
  }

  async insert(db: Db, projectId: number, values: { interviewerId: number; startAt: Date; endAt: Date }): Promise<number> {
    const row = await db
      .insertInto('interviewerAvailability')
      .values({ ...values, projectId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async find(db: Db, projectId: number, id: number): Promise<AvailabilityRow | undefined> {
    return this.base(db, projectId).select(COLUMNS).where('a.id', '=', id).executeTakeFirst();
  }

  async page(
    db: Db,
    projectId: number,
    filter: { interviewerId?: number; from?: Date; to?: Date },
    offset: number,
    limit: number,
  ): Promise<{ rows: AvailabilityRow[]; total: number }> {
    let query = this.base(db, projectId);
    if (filter.interviewerId !== undefined) query = query.where('a.interviewerId', '=', filter.interviewerId);
    if (filter.from) query = query.where('a.endAt', '>', filter.from);
    if (filter.to) query = query.where('a.startAt', '<', filter.to);
    const [rows, count] = await Promise.all([
      query.select(COLUMNS).orderBy('a.startAt').orderBy('a.id').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async delete(db: Db, projectId: number, id: number): Promise<boolean> {
    const result = await db
      .deleteFrom('interviewerAvailability')
      .where('id', '=', id)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The project's windows that have not ended. */
  async openWindows(db: Db, projectId: number, now: Date): Promise<AvailabilityWindow[]> {
    return this.base(db, projectId)
      .select(['a.interviewerId', 'u.name as interviewerName', 'a.startAt', 'a.endAt'])
      .where('a.endAt', '>', now)
      .execute();
  }

  /** Confirmed reservations of these interviewers in any project that meet [from, to). */
  async busy(db: Db, interviewerIds: number[], from: Date, to: Date): Promise<BusyRange[]> {
    if (interviewerIds.length === 0) return [];
    return db
      .selectFrom('reservations')
      .select(['interviewerId', 'scheduledAt as startAt', 'endsAt as endAt'])
      .where('status', '=', 'confirmed')
      .where('interviewerId', 'in', interviewerIds)
      .where('endsAt', '>', from)
      .where('scheduledAt', '<', to)
      .execute();
  }

  async userExists(db: Db, id: number): Promise<boolean> {
    return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
  }
}
