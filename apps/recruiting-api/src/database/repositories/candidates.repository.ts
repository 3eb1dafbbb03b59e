import { Injectable } from '@nestjs/common';
import { containsPattern } from '@platform/persistence';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, Trx } from '../recruiting-db';

export const CANDIDATE_SORTS = ['created_at', '-created_at', 'score', '-score', 'status', '-status', 'name', '-name'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

export interface CandidateRow {
  id: number;
  projectId: number;
  candidateId: number;
  status: string;
  selectionType: string | null;
  segmentId: string | null;
  memo: string | null;
  priority: string | null;
  score: string | null;
  attributes: unknown;
  surveyResponses: unknown;
  reservationId: number | null;
  createdAt: Date;
  updatedAt: Date;
  externalUserId: string;
  email: string | null;
  phone: string | null;
  name: string | null;
}

export interface CandidateFilter {
  status?: string;
  selectionType?: string;
  segmentId?: string;
  minScore?: number;
  maxScore?: number;
  search?: string;
  /** The parsed responseFilter, as SQL over the row aliased pc. */
  response?: Expression<SqlBool>;
}

const COLUMNS = [
  'pc.id',
  'pc.projectId',
  'pc.candidateId',
  'pc.status',
  'pc.selectionType',
  'pc.segmentId',
  'pc.memo',
  'pc.priority',
  'cs.score',
  'pc.attributes',
  'pc.surveyResponses',
  'pc.reservationId',
  'pc.createdAt',
  'pc.updatedAt',
  'c.externalUserId',
  'c.email',
  'c.phone',
  'c.name',
] as const;

/** Each sort with id as the tie-break, in the order of the indexes of the candidates migration. */
const ORDER: Record<CandidateSort | 'id', string> = {
  id: 'pc.id asc',
  created_at: 'pc.created_at asc, pc.id asc',
  '-created_at': 'pc.created_at desc, pc.id desc',
  score: 'cs.score asc nulls last, cs.project_candidate_id asc',
  '-score': 'cs.score desc nulls last, cs.project_candidate_id desc',
  status: 'pc.status asc, pc.id asc',
  '-status': 'pc.status desc, pc.id desc',
  name: 'c.name asc nulls last, pc.id asc',
  '-name': 'c.name desc nulls last, pc.id desc',
};

export interface StatusHistoryRow {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  changedBy: number | null;
  changedByName: string | null;
  createdAt: Date;
}

/** Participation records with their person: SQL only here. */
@Injectable()
export class CandidatesRepository {
  private base(db: Db, projectId: number) {
    return db
      .selectFrom('projectCandidates as pc')
      .innerJoin('candidates as c', 'c.id', 'pc.candidateId')
      .innerJoin('candidateScores as cs', 'cs.projectCandidateId', 'pc.id')
      .where('pc.projectId', '=', projectId)
      .where('cs.projectId', '=', projectId);
  }

  /** The rows the filter keeps; the person is joined only when the search needs it (every row has one). */
  private filtered(db: Db, projectId: number, filter: CandidateFilter, withPerson: boolean) {
    // Without the person, the count joins the scores only when a score bound needs them.
    const byScore = filter.minScore !== undefined || filter.maxScore !== undefined;
    const alone = db.selectFrom('projectCandidates as pc').where('pc.projectId', '=', projectId);
    let query = withPerson
      ? this.base(db, projectId)
      : byScore
        ? alone.innerJoin('candidateScores as cs', 'cs.projectCandidateId', 'pc.id')
        : (alone as unknown as ReturnType<CandidatesRepository['base']>);
    if (filter.status) query = query.where('pc.status', '=', filter.status);
    if (filter.selectionType) query = query.where('pc.selectionType', '=', filter.selectionType);
    if (filter.segmentId !== undefined) query = query.where('pc.segmentId', '=', filter.segmentId);
    if (filter.minScore !== undefined) query = query.where('cs.score', '>=', String(filter.minScore));
    if (filter.maxScore !== undefined) query = query.where('cs.score', '<=', String(filter.maxScore));
    if (filter.response) query = query.where(filter.response);
    return query;
  }

  async page(
    db: Db,
    projectId: number,
    filter: CandidateFilter,
    sort: CandidateSort | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: CandidateRow[]; total: number }> {
    const search = filter.search ? containsPattern(filter.search) : undefined;
    const bySearch = <Q extends ReturnType<CandidatesRepository['base']>>(query: Q): Q =>
      search === undefined ? query : (query.where((eb) => eb.or([eb('c.name', 'ilike', search), eb('c.email', 'ilike', search)])) as Q);
    const rowsQuery = bySearch(this.filtered(db, projectId, filter, true) as ReturnType<CandidatesRepository['base']>);
    const countQuery = search === undefined ? this.filtered(db, projectId, filter, false) : rowsQuery;
    const [rows, count] = await Promise.all([
      rowsQuery
        .select(COLUMNS)
        .orderBy(sql.raw(ORDER[sort ?? 'id']))
        .offset(offset)
        .limit(limit)
        .execute(),
      countQuery.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async find(db: Db, projectId: number, id: number): Promise<CandidateRow | undefined> {
    return this.base(db, projectId).select(COLUMNS).where('pc.id', '=', id).executeTakeFirst();
  }

  /** Whether the participation record belongs to the project. */
  async exists(db: Db, projectId: number, id: number): Promise<boolean> {
    const row = await db
      .selectFrom('projectCandidates')
      .select('id')
      .where('id', '=', id)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The candidate's name, by participation record (which must exist). */
  async nameOf(db: Db, id: number): Promise<string | null> {
    const person = await db
      .selectFrom('projectCandidates as pc')
      .innerJoin('candidates as c', 'c.id', 'pc.candidateId')
      .select('c.name')
      .where('pc.id', '=', id)
      .executeTakeFirstOrThrow();
    return person.name;
  }

  /** Locks the participation record (which must exist), so nothing about it changes until the transaction ends. */
  async lock(trx: Trx, id: number): Promise<void> {
    await trx.selectFrom('projectCandidates').select('id').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  }

  /** The row's status, locked for a status change. */
  async lockStatus(trx: Trx, projectId: number, id: number): Promise<string | undefined> {
    const row = await trx
      .selectFrom('projectCandidates')
      .select('status')
      .where('id', '=', id)
      .where('projectId', '=', projectId)
      .forUpdate()
      .executeTakeFirst();
    return row?.status;
  }

  async setStatus(trx: Trx, id: number, status: string): Promise<void> {
    await trx.updateTable('projectCandidates').set({ status, updatedAt: new Date() }).where('id', '=', id).execute();
  }

  /** Sets `to` on the listed rows of the project whose status is one of `origins`, locking them; answers each with its old status. */
  async setStatusWhere(
    trx: Trx,
    projectId: number,
    ids: number[],
    origins: readonly string[],
    to: string,
  ): Promise<Array<{ id: number; fromStatus: string }>> {
    const { rows } = await sql<{ id: number; fromStatus: string }>`
      update project_candidates pc set status = ${to}, updated_at = now()
      from (select id, status from project_candidates
            where project_id = ${projectId} and id = any(${ids}::int[]) and status = any(${origins}::text[])
            order by id for update) old
      where pc.id = old.id
      returning pc.id, old.status as "fromStatus"`.execute(trx);
    return rows;
  }

  async insertHistoryMany(
    trx: Trx,
    entries: Array<{
      projectCandidateId: number;
      fromStatus: string | null;
      toStatus: string;
      reason: string | null;
      changedBy: number | null;
    }>,
  ): Promise<void> {
    if (entries.length === 0) return;
    await trx.insertInto('candidateStatusHistory').values(entries).execute();
  }

  async update(
    db: Db,
    projectId: number,
    id: number,
    values: { attributes?: object; surveyResponses?: object; memo?: string | null; priority?: string | null },
  ): Promise<boolean> {
    const { attributes, surveyResponses, ...rest } = values;
    const result = await db
      .updateTable('projectCandidates')
      .set({
        ...rest,
        ...(attributes !== undefined ? { attributes: JSON.stringify(attributes) } : {}),
        ...(surveyResponses !== undefined ? { surveyResponses: JSON.stringify(surveyResponses) } : {}),
        updatedAt: new Date(),
      })
      .where('id', '=', id)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The calendar event of the candidate's confirmed reservation, its row locked; undefined when there is none. */
  async lockCalendarEvent(trx: Trx, id: number): Promise<string | undefined> {
    const row = await trx
      .selectFrom('reservations')
      .select('calendarEventId')
      .where('projectCandidateId', '=', id)
      .where('status', '=', 'confirmed')
      .forUpdate()
      .executeTakeFirst();
    return row?.calendarEventId ?? undefined;
  }

  /** Deletes the participation record; what hangs off it (history and the rest) goes with it by ON DELETE CASCADE. */
  async delete(db: Db, projectId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('projectCandidates').where('id', '=', id).where('projectId', '=', projectId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Sets selection type and segment of each listed record of the project; answers how many it found. */
  async setSelections(
    trx: Trx,
    projectId: number,
    selections: Array<{ candidateId: number; selectionType: string | null; segmentId: string | null }>,
  ): Promise<number> {
    const result = await sql`
      update project_candidates as pc
      set selection_type = v.selection_type, segment_id = v.segment_id, updated_at = now()
      from unnest(${selections.map((s) => s.candidateId)}::int[], ${selections.map((s) => s.selectionType)}::text[],
                  ${selections.map((s) => s.segmentId)}::text[]) as v(id, selection_type, segment_id)
      where pc.id = v.id and pc.project_id = ${projectId}`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Writes the scores (`id, score` rows, see scoresSql) in one statement; answers how many scores changed. */
  async applyScores(db: Db, projectId: number, scores: Expression<{ id: number; score: string }>): Promise<number> {
    const result = await sql`
      update candidate_scores as cs set score = s.score
      from (${scores}) as s
      where cs.project_candidate_id = s.id and cs.project_id = ${projectId} and cs.score is distinct from s.score`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Every key present in the project's attributes and surveyResponses, with up to five distinct values each. */
  async fields(db: Db, projectId: number): Promise<Array<{ name: string; source: string; sampleValues: string[] }>> {
    const { rows } = await sql<{ name: string; source: string; sampleValues: string[] }>`
      select f.source, f.key as name, (array_agg(distinct f.value) filter (where f.value is not null))[1:5] as "sampleValues"
      from (
        select 'attributes' as source, e.key, e.value #>> '{}' as value
          from project_candidates pc, jsonb_each(case when jsonb_typeof(pc.attributes) = 'object' then pc.attributes end) e
          where pc.project_id = ${projectId}
        union all
        select 'surveyResponses', e.key, e.value #>> '{}'
          from project_candidates pc, jsonb_each(case when jsonb_typeof(pc.survey_responses) = 'object' then pc.survey_responses end) e
          where pc.project_id = ${projectId}
      ) f
      group by f.source, f.key
      order by f.source, f.key collate "C"`.execute(db);
    return rows.map((r) => ({ ...r, sampleValues: r.sampleValues ?? [] }));
  }

  async insertHistory(
    trx: Trx,
    entry: { projectCandidateId: number; fromStatus: string | null; toStatus: string; reason: string | null; changedBy: number | null },
  ): Promise<void> {
    await trx.insertInto('candidateStatusHistory').values(entry).execute();
  }

  async history(db: Db, id: number): Promise<StatusHistoryRow[]> {
    return db
      .selectFrom('candidateStatusHistory as h')
      .leftJoin('users as u', 'u.id', 'h.changedBy')
      .select(['h.id', 'h.fromStatus', 'h.toStatus', 'h.reason', 'h.changedBy', 'u.name as changedByName', 'h.createdAt'])
      .where('h.projectCandidateId', '=', id)
      .orderBy('h.id', 'desc')
      .execute();
  }
}
