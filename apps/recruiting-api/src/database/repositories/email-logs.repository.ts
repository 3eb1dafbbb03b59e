import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../recruiting-db';

export const EMAIL_LOG_SORTS = ['sentAt', '-sentAt'] as const;
export type EmailLogSort = (typeof EMAIL_LOG_SORTS)[number];

export interface EmailLogInsert {
  projectId: number;
  projectCandidateId: number;
  templateId: number | null;
  recipient: string | null;
  subject: string;
  body: string;
  status: 'sent' | 'failed';
  error: string | null;
  sentBy: number | null;
}

export interface EmailLogRow {
  id: number;
  projectCandidateId: number;
  templateId: number | null;
  subject: string;
  body: string;
  sentAt: Date;
  status: string;
  sentBy: number | null;
  candidateName: string | null;
  candidateEmail: string | null;
  senderName: string | null;
}

/** What a template is rendered with, per candidate: the person, the project and the reservation. */
export interface RecipientRow {
  id: number;
  status: string;
  name: string | null;
  email: string | null;
  scheduledAt: Date | null;
  meetingUrl: string | null;
  interviewerName: string | null;
}

/** Email logs (every attempt) and the recipients of a send: SQL only here. */
@Injectable()
export class EmailLogsRepository {
  async insertMany(db: Db, rows: EmailLogInsert[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insertInto('emailLogs').values(rows).execute();
  }

  async page(
    db: Db,
    scope: { projectId: number; projectCandidateId?: number },
    sort: EmailLogSort,
    offset: number,
    limit: number,
  ): Promise<{ rows: EmailLogRow[]; total: number }> {
    let base = db.selectFrom('emailLogs as l').where('l.projectId', '=', scope.projectId);
    if (scope.projectCandidateId !== undefined) base = base.where('l.projectCandidateId', '=', scope.projectCandidateId);
    const direction = sort === 'sentAt' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      base
        .innerJoin('projectCandidates as pc', 'pc.id', 'l.projectCandidateId')
        .innerJoin('candidates as c', 'c.id', 'pc.candidateId')
        .leftJoin('users as u', 'u.id', 'l.sentBy')
        .select([
          'l.id',
          'l.projectCandidateId',
          'l.templateId',
          'l.subject',
          'l.body',
          'l.sentAt',
          'l.status',
          'l.sentBy',
          'c.name as candidateName',
          'c.email as candidateEmail',
          'u.name as senderName',
        ])
        .orderBy('l.sentAt', direction)
        .orderBy('l.id', direction)
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** The listed candidates of the project with what rendering needs; ids of other projects are simply absent. */
  async recipients(db: Db, projectId: number, ids: number[]): Promise<RecipientRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<RecipientRow>`
      select pc.id, pc.status, c.name, c.email, r.scheduled_at as "scheduledAt", r.meeting_url as "meetingUrl", u.name as "interviewerName"
      from project_candidates pc
      join candidates c on c.id = pc.candidate_id
      left join reservations r on r.project_candidate_id = pc.id
      left join users u on u.id = r.interviewer_id
      where pc.project_id = ${projectId} and pc.id = any(${ids}::int[])`.execute(db);
    return rows;
  }
}
