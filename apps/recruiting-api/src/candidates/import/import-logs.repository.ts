import { Injectable } from '@nestjs/common';
import { type CopyIn, copyTransaction, json } from '@platform/persistence';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import type { Db, Trx } from '../../database/recruiting-db';
import type { DB } from '../../database/schema';
import type { RowError } from '../../domain/import-mapping';
import { STAGING_COLUMNS } from './import-staging';

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
  constructor(private readonly dataSource: DataSource) {}

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

  /** A batch's transaction: typed SQL and, on the same connection, COPY into the batch's staging table. */
  batchTransaction<T>(work: (trx: Trx, copyIn: CopyIn) => Promise<T>): Promise<T> {
    return copyTransaction<DB, T>(this.dataSource, work);
  }

  /**
   * One batch inside the caller's batch transaction: its staging lines (import-staging.ts) loaded with COPY into the
   * connection's temporary staging table (emptied at commit), then moved set-based in one statement: persons upserted by external_user_id
   * (the first record of an id in the batch; later ones are duplicates), participation records inserted where the
   * project does not hold the person yet (the rest are duplicates), a history row for each new record, the row
   * errors, and the log's counts and checkpoint.
   */
  async writeBatch(
    trx: Trx,
    copyIn: CopyIn,
    log: { id: number; projectId: number; createdBy: number | null; reason: string },
    lines: string,
    checkpoint: number,
  ): Promise<BatchOutcome> {
    // The batch's commit carries its checkpoint, so a commit lost to a database crash is redone by the resumed job:
    // it need not wait for the WAL flush (a later synchronous commit, such as the log's finish, flushes it anyway).
    // (and create-if-not-exists need not say each time that the table exists).
    await sql`select set_config('synchronous_commit', 'off', true), set_config('client_min_messages', 'warning', true)`.execute(trx);
    // Per connection, emptied at every commit: no catalog rows written and removed per batch.
    await sql`
      create temp table if not exists import_staging (
        row integer not null, seq smallint not null, external_user_id text not null, name text, email text, phone text,
        attributes jsonb, survey_responses jsonb, field text, message text
      ) on commit delete rows`.execute(trx);
    if (lines.length > 0) await copyIn(`copy import_staging (${STAGING_COLUMNS}) from stdin`, [lines]);
    const { rows } = await sql<{ imported: number; duplicates: number; errors: number }>`
      with input as (
        select distinct on (external_user_id) row, external_user_id, name, email, phone, attributes, survey_responses
        from import_staging where field is null
        order by external_user_id, row
      ),
      persons as (
        insert into candidates (external_user_id, name, email, phone)
        select external_user_id, name, email, phone from input order by row
        on conflict (external_user_id) do update
          set name = coalesce(excluded.name, candidates.name), email = coalesce(excluded.email, candidates.email),
              phone = coalesce(excluded.phone, candidates.phone), updated_at = now()
        returning id, external_user_id
      ),
      inserted as (
        insert into project_candidates (project_id, candidate_id, attributes, survey_responses)
        select ${log.projectId}, p.id, i.attributes, i.survey_responses
        from input i join persons p using (external_user_id) order by i.row
        on conflict (project_id, candidate_id) do nothing
        returning id
      ),
      history as (
        insert into candidate_status_history (project_candidate_id, from_status, to_status, reason, changed_by)
        select id, null, 'pending', ${log.reason}, ${log.createdBy}::int from inserted
      ),
      errors as (
        insert into import_errors (import_log_id, row, seq, respondent_id, field, message)
        select ${log.id}, row, seq, external_user_id, field, message from import_staging where field is not null
        on conflict do nothing
      ),
      counts as (
        select (select count(*)::int from inserted) as imported,
               (select count(*)::int from import_staging where field is null) as records,
               (select count(distinct row)::int from import_staging where field is not null) as errors
      )
      update import_logs
      set imported_count = imported_count + c.imported, duplicate_count = duplicate_count + c.records - c.imported,
          error_count = error_count + c.errors, skipped_count = skipped_count + c.records - c.imported + c.errors,
          checkpoint = ${checkpoint}, status = 'processing', updated_at = now()
      from counts c
      where id = ${log.id}
      returning c.imported, c.records - c.imported as duplicates, c.errors`.execute(trx);
    return rows[0];
  }
}
