import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { QueuePublisher, QueueUnavailableError } from '@platform/messaging';
import type { MultipartFileStream } from '@nestjs/platform-fastify/multipart';
import { RecruitingDb } from '../../database/recruiting-db';
import { columnKeys, compileMapping, type FileMapping, MappingError, mapRespondent, suggestMapping } from '../../domain/import-mapping';
import { ProjectsRepository } from '../../database/repositories/projects.repository';
import { invalidField, notFound } from '../../recruiting.errors';
import { SurveyMetadataRepository } from '../../database/repositories/survey-metadata.repository';
import { WarehouseClient } from '../../warehouse/warehouse.client';
import { WarehouseRepository } from '../../warehouse/warehouse.repository';
import type { ExecuteImportDto, SurveyImportDto, SurveyImportPreviewDto } from './dto/imports.dto';
import { ImportFilesRepository } from './import-files.repository';
import { type ImportLogRow, ImportLogsRepository } from './import-logs.repository';
import { RECRUITING_IMPORT_QUEUE } from '../../recruiting.queues';
import { summarizeTsv, TsvError } from './tsv-reader';
import { toImportUpload } from './import.mapper';
import {
  type ImportAcceptedResponse,
  type ImportStatusResponse,
  type ImportUploadResponse,
  type SurveyImportPreviewResponse,
} from './dto/imports.response';

export const IMPORT_OPTIONS = Symbol('IMPORT_OPTIONS');

export interface ImportOptions {
  /** Largest upload in bytes (413 above it). */
  maxBytes: number;
  /** How long an uploaded file is kept. */
  fileTtlSeconds: number;
}

async function drain(body: AsyncIterator<unknown>): Promise<void> {
  while (!(await body.next()).done);
}

const fileNotFound = () => notFound('The uploaded file does not exist or has expired');

/** File and survey imports: upload, re-read, execute as a queued job, survey preview and import, status. */
@Injectable()
export class ImportsService {
  private readonly logger = new Logger('Imports');

  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
    private readonly files: ImportFilesRepository,
    private readonly logs: ImportLogsRepository,
    private readonly warehouse: WarehouseClient,
    private readonly surveyData: WarehouseRepository,
    private readonly surveys: SurveyMetadataRepository,
    @Inject(IMPORT_OPTIONS) private readonly options: ImportOptions,
    @Optional() private readonly publisher?: QueuePublisher,
  ) {}

  /**
   * Streams the upload into PostgreSQL in 1 MiB chunks and summarizes it as it arrives (one read: the bytes are
   * parsed on their way to the database), all in one transaction: a file that is empty, does not decode, or has no
   * header answers 400 and leaves nothing behind. The whole body is read before answering, also after a refusal.
   */
  async upload(projectId: number, file: MultipartFileStream, userId: number | null): Promise<ImportUploadResponse> {
    await this.projects.requireScope(this.db, projectId);
    await this.files.deleteExpired(this.db);
    const id = randomUUID();
    const name = (file.originalname || 'upload.tsv').slice(0, 1000);
    const body = (file.stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.files.create(trx, { id, projectId, name, uploadedBy: userId, ttlSeconds: this.options.fileTtlSeconds });
        const stored = { size: 0 };
        let summary;
        try {
          summary = await summarizeTsv(this.files.storing(trx, id, body, stored));
        } catch (error) {
          if (error instanceof TsvError) throw invalidField('file', stored.size === 0 ? 'The file is empty' : error.message);
          throw error;
        }
        const keys = columnKeys(summary.headers);
        await this.files.complete(trx, id, stored.size, {
          encoding: summary.detected.encoding,
          rowCount: summary.rowCount,
          columns: summary.headers.map((header, index) => ({ index, name: header, sampleValues: summary.samples[index] })),
          suggestedMapping: suggestMapping(summary.headers),
          preview: summary.preview.map((cells) => Object.fromEntries(keys.map((key, i) => [key, cells[i] ?? '']))),
        });
      });
    } finally {
      // A refused file stops the summary early: the rest of the body is read (and dropped) before the answer, and a
      // body over the limit still answers 413, as when the whole body was stored before reading it.
      await drain(body);
    }
    return toImportUpload((await this.files.find(this.db, projectId, id))!);
  }

  async get(projectId: number, fileId: string): Promise<ImportUploadResponse> {
    await this.projects.requireScope(this.db, projectId);
    const row = await this.files.find(this.db, projectId, fileId);
    if (!row) throw fileNotFound();
    return toImportUpload(row);
  }

  /** Checks the mapping against the file, writes the import log and queues the job; 201 at once. */
  async execute(projectId: number, fileId: string, body: ExecuteImportDto, userId: number | null): Promise<ImportAcceptedResponse> {
    await this.projects.requireScope(this.db, projectId);
    const file = await this.files.find(this.db, projectId, fileId);
    if (!file) throw fileNotFound();
    const mapping = body.mapping as unknown as FileMapping;
    try {
      compileMapping(
        mapping,
        (file.columns as Array<{ name: string }>).map((c) => c.name),
      );
    } catch (error) {
      if (error instanceof MappingError) throw invalidField(error.field, error.message);
      throw error;
    }
    const publisher = this.requireQueue();
    const log = await this.logs.create(this.db, { projectId, kind: 'file', fileId, request: { mapping }, createdBy: userId });
    await this.enqueue(publisher, log);
    return { importLogId: log.id, status: 'processing' };
  }

  async surveyPreview(projectId: number, body: SurveyImportPreviewDto): Promise<SurveyImportPreviewResponse> {
    await this.checkSurveyImport(projectId, body);
    const conditions = this.conditionsOf(body);
    const size = body.sampleSize ?? 10;
    const [total, filtered, sample] = await Promise.all([
      this.surveyData.countRespondents(body.surveyId, []),
      this.surveyData.countRespondents(body.surveyId, conditions),
      this.surveyData.filteredRespondents(body.surveyId, conditions, size, 0),
    ]);
    const warnings: string[] = [];
    if (filtered === 0) warnings.push('No respondent matches the filter: the import would add nothing');
    const text = (value: unknown) =>
      value === undefined || value === null || value === '' ? null : Array.isArray(value) ? value.join(', ') : String(value);
    const sampleData = sample.map((r) => ({
      externalUserId: text(r.answers?.[body.mapping.externalUserId.sourceField]),
      name: text(r.answers?.[body.mapping.name.sourceField]),
      email: text(r.answers?.[body.mapping.email.sourceField]),
    }));
    const problems = sample.map((r, i) => mapRespondent(r.panelId, r.answers ?? {}, body.mapping, i + 1).errors).flat();
    const missingIds = problems.filter((p) => p.field === 'externalUserId').length;
    const badEmails = problems.filter((p) => p.field === 'email').length;
    if (missingIds > 0) warnings.push(`${missingIds} of ${sample.length} sampled respondents have no id: they would be skipped as errors`);
    if (badEmails > 0)
      warnings.push(`${badEmails} of ${sample.length} sampled respondents have an invalid email address: they would be skipped as errors`);
    const ids = sampleData.map((s) => s.externalUserId).filter((v): v is string => v !== null);
    if (new Set(ids).size < ids.length) warnings.push('The sample holds the same id more than once: later ones would count as duplicates');
    return { surveyId: body.surveyId, totalRespondents: total, filteredRespondents: filtered, sampleData, warnings };
  }

  async surveyImport(projectId: number, body: SurveyImportDto, userId: number | null): Promise<ImportStatusResponse> {
    await this.checkSurveyImport(projectId, body);
    const publisher = this.requireQueue();
    const request = { mapping: body.mapping, ...(body.filter ? { filter: body.filter } : {}) };
    const log = await this.logs.create(this.db, { projectId, kind: 'survey', surveyId: body.surveyId, request, createdBy: userId });
    await this.enqueue(publisher, log);
    return { ...this.statusOf(log, []), status: 'processing' };
  }

  async status(projectId: number, importId: number): Promise<ImportStatusResponse> {
    await this.projects.requireScope(this.db, projectId);
    const log = await this.logs.find(this.db, importId);
    if (!log || log.projectId !== projectId) throw notFound('The import does not exist in this project');
    return this.statusOf(log, await this.logs.errors(this.db, importId));
  }

  private statusOf(log: ImportLogRow, errors: ImportStatusResponse['errors']): ImportStatusResponse {
    return {
      importLogId: log.id,
      kind: log.kind,
      status: log.status,
      importedCount: log.importedCount,
      skippedCount: log.skippedCount,
      errorCount: log.errorCount,
      duplicateCount: log.duplicateCount,
      processedRows: log.checkpoint,
      errors,
      failure: log.failure,
      createdAt: log.createdAt.toISOString(),
      finishedAt: log.finishedAt ? log.finishedAt.toISOString() : null,
    };
  }

  /** 503 when the warehouse is not configured, 404 for the project or the survey, 400 for a question the survey lacks. */
  private async checkSurveyImport(projectId: number, body: SurveyImportDto): Promise<void> {
    this.warehouse.require();
    await this.projects.requireScope(this.db, projectId);
    await this.surveys.requireSurvey(this.db, body.surveyId);
    const questions = new Set((await this.surveyData.allQuestions(body.surveyId)).map((q) => q.questionText));
    for (const key of ['externalUserId', 'name', 'email'] as const) {
      const source = body.mapping[key].sourceField;
      if (!questions.has(source)) throw invalidField(`mapping.${key}.sourceField`, `The survey has no question "${source.slice(0, 200)}"`);
    }
    for (const [i, condition] of (body.filter?.conditions ?? []).entries()) {
      if (!questions.has(condition.field)) {
        throw invalidField(`filter.conditions.${i}.field`, `The survey has no question "${condition.field.slice(0, 200)}"`);
      }
    }
  }

  private conditionsOf(body: SurveyImportDto) {
    return (body.filter?.conditions ?? []).map((c) => ({ field: c.field, value: String(c.value) }));
  }

  /** 503 QUEUE_UNAVAILABLE, before anything is written, when AMQP_URL is not set. */
  private requireQueue(): QueuePublisher {
    if (!this.publisher) throw new QueueUnavailableError('the import queue is not configured (AMQP_URL)');
    return this.publisher;
  }

  /** Publishes the job (confirmed); when the broker refuses, the log is marked failed and the call answers 503. */
  private async enqueue(publisher: QueuePublisher, log: ImportLogRow): Promise<void> {
    try {
      await publisher.publish(RECRUITING_IMPORT_QUEUE, { importLogId: log.id }, `import-${log.id}`);
    } catch (error) {
      this.logger.error({ importLogId: log.id, err: (error as Error).message }, 'could not queue an import');
      await this.logs.finish(this.db, log.id, 'failed', 'The job queue did not accept the import');
      if (error instanceof QueueUnavailableError) throw error;
      throw new QueueUnavailableError('the broker did not accept the job');
    }
  }
}
