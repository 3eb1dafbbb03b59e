import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PermanentJobError } from '@platform/messaging';
import { RecruitingDb } from '../../database/recruiting-db';
import {
  compileMapping,
  type FileMapping,
  type MappedRow,
  mapRespondent,
  mapRow,
  type RowError,
  type SurveyMapping,
} from '../../domain/import-mapping';
import { type AnswerEquals, WarehouseRepository } from '../../warehouse/warehouse.repository';
import { WarehouseClient } from '../../warehouse/warehouse.client';
import { ImportFilesRepository } from './import-files.repository';
import { errorLines, recordLine } from './import-staging';
import { type ImportLogRow, ImportLogsRepository, type ImportStatus } from './import-logs.repository';
import { openTsv } from './tsv-reader';

/** Rows per committed batch: the persons, records, history, errors and checkpoint of these rows commit together. */
export const IMPORT_BATCH_ROWS = 2000;
/**
 * Rows mapped between two turns of the event loop: reading and mapping are synchronous work, and the previous
 * batch's write only advances (each of its statements sent once the last answer is read) when the loop turns.
 */
const ROWS_PER_TURN = 250;
/** Respondents read from the warehouse per query. */
const WAREHOUSE_PAGE = 1000;

type RowResult = { record?: MappedRow; errors: RowError[] };

/** The import cannot succeed however often it is retried (its file is gone, its mapping no longer fits). */
class ImportFailure extends Error {}
/** Another delivery of the same job moved the checkpoint: this one stops without touching anything. */
class Superseded extends Error {}
/** The app is shutting down: the job stops between batches and is redelivered (it resumes at the checkpoint). */
export class ImportInterrupted extends Error {
  constructor() {
    super('the import was interrupted by a shutdown; it resumes at its checkpoint');
  }
}

const TERMINAL: ImportStatus[] = ['completed', 'partial', 'failed'];

/** What the counts make of a finished import: completed (no row errors), partial (some rows in), failed (none). */
export function finalStatus(log: Pick<ImportLogRow, 'errorCount' | 'importedCount' | 'duplicateCount'>): ImportStatus {
  if (log.errorCount === 0) return 'completed';
  return log.importedCount + log.duplicateCount > 0 ? 'partial' : 'failed';
}

/**
 * Runs an import job to its end, resumably: rows before the log's checkpoint are skipped, each batch commits its
 * writes with the new checkpoint in one transaction under the log's row lock, so a job redelivered after a crash or
 * a shutdown carries on where the last commit left it and writes nothing twice.
 */
@Injectable()
export class ImportRunner implements OnModuleDestroy {
  private readonly logger = new Logger('ImportRunner');
  private stopping = false;

  constructor(
    private readonly db: RecruitingDb,
    private readonly logs: ImportLogsRepository,
    private readonly files: ImportFilesRepository,
    private readonly warehouse: WarehouseClient,
    private readonly surveys: WarehouseRepository,
  ) {}

  /** The first shutdown hook Nest calls: running jobs stop after their current batch, before the consumers drain. */
  onModuleDestroy(): void {
    this.stopping = true;
  }

  async run(importLogId: number): Promise<void> {
    const log = await this.logs.find(this.db, importLogId);
    if (!log) throw new PermanentJobError(`import log ${importLogId} does not exist`);
    if (TERMINAL.includes(log.status)) return;
    await this.logs.markProcessing(this.db, log.id);
    try {
      const rows = log.kind === 'file' ? await this.fileRows(log) : this.surveyRows(log);
      await this.consume(log, rows);
    } catch (error) {
      if (error instanceof Superseded) return;
      if (error instanceof ImportFailure) {
        await this.logs.finish(this.db, log.id, 'failed', error.message);
        return;
      }
      throw error;
    }
    const done = (await this.logs.find(this.db, log.id))!;
    await this.logs.finish(this.db, log.id, finalStatus(done), finalStatus(done) === 'failed' ? 'No row could be imported' : null);
    this.logger.log({ importLogId: log.id, imported: done.importedCount, errors: done.errorCount }, 'import finished');
  }

  /** After the last attempt failed. */
  async fail(importLogId: number, reason: string): Promise<void> {
    await this.logs.finish(this.db, importLogId, 'failed', `The import failed: ${reason.slice(0, 300)}`);
  }

  private async fileRows(log: ImportLogRow): Promise<AsyncGenerator<RowResult>> {
    const headers = await this.files.headers(this.db, log.fileId!);
    if (!headers) throw new ImportFailure('The uploaded file no longer exists');
    let compiled;
    try {
      compiled = compileMapping((log.request as { mapping: FileMapping }).mapping, headers);
    } catch (error) {
      throw new ImportFailure((error as Error).message);
    }
    const { records } = await openTsv(this.files.chunks(this.db, log.fileId!));
    const checkpoint = log.checkpoint;
    return (async function* () {
      let row = -1;
      for await (const cells of records) {
        row++;
        if (row === 0 || row <= checkpoint) continue;
        yield mapRow(cells, compiled, row);
      }
    })();
  }

  private async *surveyRows(log: ImportLogRow): AsyncGenerator<RowResult> {
    if (!this.warehouse.configured) throw new ImportFailure('The survey data warehouse is not configured');
    const request = log.request as { mapping: SurveyMapping; filter?: { conditions: AnswerEquals[] } };
    const conditions = (request.filter?.conditions ?? []).map((c) => ({ field: c.field, value: String(c.value) }));
    for (let offset = log.checkpoint; ;) {
      const page = await this.surveys.filteredRespondents(log.surveyId!, conditions, WAREHOUSE_PAGE, offset);
      for (const [i, respondent] of page.entries()) {
        yield mapRespondent(respondent.panelId, respondent.answers ?? {}, request.mapping, offset + i + 1);
      }
      if (page.length < WAREHOUSE_PAGE) return;
      offset += page.length;
    }
  }

  /**
   * Batches the rows as staging lines (import-staging.ts) and writes each batch in its own transaction with the next
   * checkpoint. The next batch is read and mapped while the previous one is being written; writes stay strictly in order.
   */
  private async consume(log: ImportLogRow, rows: AsyncIterable<RowResult>): Promise<void> {
    let checkpoint = log.checkpoint;
    let lines = '';
    let count = 0;
    let writing: Promise<void> | undefined;
    const reason =
      log.kind === 'file' ? `Imported from a file (import ${log.id})` : `Imported from survey ${log.surveyId} (import ${log.id})`;
    const write = async (batch: string, from: number, next: number) => {
      await this.logs.batchTransaction(async (trx, copyIn) => {
        const locked = await this.logs.lock(trx, log.id);
        if (!locked || TERMINAL.includes(locked.status) || locked.checkpoint > from) throw new Superseded();
        // Behind: a batch commit of this job was lost (batches commit without waiting for the WAL flush); the
        // redelivered job starts again at the checkpoint that holds.
        if (locked.checkpoint < from) throw new Error(`import ${log.id}: the checkpoint went back to ${locked.checkpoint}`);
        await this.logs.writeBatch(trx, copyIn, { id: log.id, projectId: log.projectId, createdBy: log.createdBy, reason }, batch, next);
      });
    };
    const flush = async () => {
      await writing;
      if (this.stopping) throw new ImportInterrupted();
      writing = write(lines, checkpoint, checkpoint + count);
      // A failed write is seen at the next await; until then it must not count as unhandled.
      writing.catch(() => undefined);
      checkpoint += count;
      lines = '';
      count = 0;
    };
    try {
      for await (const result of rows) {
        count++;
        lines += result.record ? recordLine(checkpoint + count, result.record) : errorLines(result.errors);
        if (count >= IMPORT_BATCH_ROWS) await flush();
        else if (count % ROWS_PER_TURN === 0) await new Promise(setImmediate);
      }
      if (count > 0) await flush();
    } finally {
      await writing?.catch(() => undefined);
    }
    await writing;
  }
}
