import { Injectable } from '@nestjs/common';
import { json } from '@platform/persistence';
import { sql } from 'kysely';
import type { Db, Trx } from '../database/recruiting-db';
import type { MappedRow, RowError } from '../domain/import-mapping';

export type ImportStatus = 'pending' | 'processing' | 'completed' | 'partial' | 'failed';

export interface ImportLogRow {
  id: number;
  projectId: number;
  kind: 'file' | 'survey';
  fileId: string | null;
  surveyId: string | null;
  request: unknown;
  status: ImportStatus;
  importedCount: number;
  skippedCount: number;
  errorCount: number;
  duplicateCount: number;
  checkpoint: number;
  failure: string | null;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** What one committed batch adds to the log. */
export interface BatchOutcome {
  imported: number;
  duplicates: number;
  errors: number;
}

/** How many errors a status answer lists (errorCount stays exact). */
export const LISTED_ERRORS = 1000;

/** Import logs, their row errors and the set-based batch writes of the import jobs. SQL only here. */
@Injectable()
export class ImportLogsRepository {
  async create(
    db: Db,
    log: { projectId: number; kind: 'file' | 'survey'; fileId?: string; surveyId?: string; request: unknown; createdBy: number | null },
  ): Promise<ImportLogRow> {
    return (await db
      .insertInto('importLogs')
      .values({
        projectId: log.projectId,
        kind: log.kind,
        fileId: log.fileId ?? null,
        surveyId: log.surveyId ?? null,
        request: json(log.request),
        createdBy: log.createdBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as ImportLogRow;
  }

  async find(db: Db, id: number): Promise<ImportLogRow | undefined> {
    return (await db.selectFrom('importLogs').selectAll().where('id', '=', id).executeTakeFirst()) as ImportLogRow | undefined;
  }

  async errors(db: Db, id: number): Promise<RowError[]> {
    return db
      .selectFrom('importErrors')
      .select(['row', 'respondentId', 'field', 'message'])
      .where('importLogId', '=', id)
      .orderBy('row')
      .orderBy('seq')
      .limit(LISTED_ERRORS)
      .execute();
  }

  /** The log, locked for the batch about to be written. */
  async lock(trx: Trx, id: number): Promise<Pick<ImportLogRow, 'status' | 'checkpoint'> | undefined> {
    return (await trx.selectFrom('importLogs').select(['status', 'checkpoint']).where('id', '=', id).forUpdate().executeTakeFirst()) as
      Pick<ImportLogRow, 'status' | 'checkpoint'> | undefined;
  }

  async markProcessing(db: Db, id: number): Promise<void> {
    await db
      .updateTable('importLogs')
      .set({ status: 'processing', updatedAt: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'processing'])
      .execute();
  }

  async finish(db: Db, id: number, status: ImportStatus, failure: string | null = null): Promise<void> {
    await db
      .updateTable('importLogs')
      .set({ status, failure, updatedAt: new Date(), finishedAt: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'processing'])
      .execute();
  }

  /**
   * One batch, set-based, inside the caller's transaction: persons upserted by external_user_id, participation
   * records inserted where the project does not hold the person yet (the rest are duplicates), a history row for
   * each new record, the row errors, and the log's counts and checkpoint.
   */
  async writeBatch(
    trx: Trx,
    log: { id: number; projectId: number; createdBy: number | null; reason: string },
    records: MappedRow[],
    errors: RowError[],
    erroredRows: number,
    checkpoint: number,
  ): Promise<BatchOutcome> {
    // The same id twice in one batch: the first occurrence is imported, the later ones are duplicates.
    const seen = new Set<string>();
    const unique = records.filter((r) => !seen.has(r.externalUserId) && seen.add(r.externalUserId));
    let imported = 0;
    if (unique.length > 0) {
      const { rows } = await sql<{ imported: string }>`
        with input as (
          select t.*, j.value -> 0 as attributes, j.value -> 1 as survey_responses
          from unnest(${unique.map((r) => r.externalUserId)}::text[], ${unique.map((r) => r.name)}::text[],
                      ${unique.map((r) => r.email)}::text[], ${unique.map((r) => r.phone)}::text[])
                 with ordinality as t(external_user_id, name, email, phone, n)
          join jsonb_array_elements(${JSON.stringify(unique.map((r) => [r.attributes, r.surveyResponses]))}::jsonb)
                 with ordinality as j(value, n) using (n)
        ),
        persons as (
          insert into candidates (external_user_id, name, email, phone)
          select external_user_id, name, email, phone from input
          on conflict (external_user_id) do update
            set name = coalesce(excluded.name, candidates.name), email = coalesce(excluded.email, candidates.email),
                phone = coalesce(excluded.phone, candidates.phone), updated_at = now()
          returning id, external_user_id
        ),
        inserted as (
          insert into project_candidates (project_id, candidate_id, attributes, survey_responses)
          select ${log.projectId}, p.id, nullif(i.attributes, 'null'), nullif(i.survey_responses, 'null')
          from input i join persons p using (external_user_id)
          on conflict (project_id, candidate_id) do nothing
          returning id
        ),
        history as (
          insert into candidate_status_history (project_candidate_id, from_status, to_status, reason, changed_by)
          select id, null, 'pending', ${log.reason}, ${log.createdBy}::int from inserted
        )
        select count(*) as imported from inserted`.execute(trx);
      imported = Number(rows[0].imported);
    }
    if (errors.length > 0) {
      const seq = new Map<number, number>();
      const seqs = errors.map((e) => {
        const n = seq.get(e.row) ?? 0;
        seq.set(e.row, n + 1);
        return n;
      });
      await sql`
        insert into import_errors (import_log_id, row, seq, respondent_id, field, message)
        select ${log.id}, * from unnest(${errors.map((e) => e.row)}::int[], ${seqs}::smallint[], ${errors.map((e) => e.respondentId)}::text[],
                                        ${errors.map((e) => e.field)}::text[], ${errors.map((e) => e.message)}::text[])
        on conflict do nothing`.execute(trx);
    }
    const duplicates = records.length - imported;
    await sql`
      update import_logs
      set imported_count = imported_count + ${imported}, duplicate_count = duplicate_count + ${duplicates},
          error_count = error_count + ${erroredRows}, skipped_count = skipped_count + ${duplicates + erroredRows},
          checkpoint = ${checkpoint}, status = 'processing', updated_at = now()
      where id = ${log.id}`.execute(trx);
    return { imported, duplicates, errors: erroredRows };
  }
}
