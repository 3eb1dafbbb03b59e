import { Injectable } from '@nestjs/common';
import { json } from '@platform/persistence';
import { sql } from 'kysely';
import type { Db } from '../../database/recruiting-db';
import type { TsvEncoding } from '../../domain/tsv-encoding';

/** The size of a stored chunk of an uploaded file. */
export const CHUNK_BYTES = 1 << 20;

export interface ImportFileRow {
  id: string;
  projectId: number;
  name: string;
  size: string;
  encoding: string;
  rowCount: number;
  columns: unknown;
  suggestedMapping: unknown;
  preview: unknown;
  expiresAt: Date;
}

export interface ImportFileSummary {
  encoding: TsvEncoding;
  rowCount: number;
  columns: Array<{ index: number; name: string; sampleValues: string[] }>;
  suggestedMapping: unknown;
  preview: Array<Record<string, string>>;
}

/** Uploaded files in PostgreSQL: a row per file and its bytes as 1 MiB chunks. SQL only here. */
@Injectable()
export class ImportFilesRepository {
  /** Creates the file's row (summary filled in by `complete`), expiring after `ttlSeconds`. */
  async create(db: Db, file: { id: string; projectId: number; name: string; uploadedBy: number | null; ttlSeconds: number }) {
    await sql`
      insert into import_files (id, project_id, name, size, encoding, row_count, columns, suggested_mapping, preview, uploaded_by, expires_at)
      values (${file.id}, ${file.projectId}, ${file.name}, 0, 'utf-8', 0, '[]', '{}', '[]', ${file.uploadedBy},
              now() + make_interval(secs => ${file.ttlSeconds}))`.execute(db);
  }

  async addChunk(db: Db, fileId: string, seq: number, data: Buffer): Promise<void> {
    await sql`insert into import_file_chunks (file_id, seq, data) values (${fileId}, ${seq}, ${data})`.execute(db);
  }

  /**
   * The bytes of `body` as they arrive, stored on the way as 1 MiB chunks (the last one when the body ends);
   * `stored.size` counts what was read. A reader that stops early leaves the rest of `body` unread and unstored.
   */
  async *storing(db: Db, fileId: string, body: AsyncIterator<Buffer>, stored: { size: number }): AsyncGenerator<Buffer> {
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const store = async () => {
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await this.addChunk(db, fileId, seq++, data);
    };
    for (let next = await body.next(); !next.done; next = await body.next()) {
      stored.size += next.value.length;
      pending.push(next.value);
      pendingBytes += next.value.length;
      if (pendingBytes >= CHUNK_BYTES) await store();
      yield next.value;
    }
    if (pendingBytes > 0) await store();
  }

  async complete(db: Db, fileId: string, size: number, summary: ImportFileSummary): Promise<void> {
    await db
      .updateTable('importFiles')
      .set({
        size,
        encoding: summary.encoding,
        rowCount: summary.rowCount,
        columns: json(summary.columns),
        suggestedMapping: json(summary.suggestedMapping),
        preview: json(summary.preview),
      })
      .where('id', '=', fileId)
      .execute();
  }

  /** The file of the project, unless it expired. */
  async find(db: Db, projectId: number, fileId: string): Promise<ImportFileRow | undefined> {
    return db
      .selectFrom('importFiles')
      .select(['id', 'projectId', 'name', 'size', 'encoding', 'rowCount', 'columns', 'suggestedMapping', 'preview', 'expiresAt'])
      .where('id', '=', fileId)
      .where('projectId', '=', projectId)
      .where('expiresAt', '>', sql<Date>`now()`)
      .executeTakeFirst() as Promise<ImportFileRow | undefined>;
  }

  /** The file's headers, expired or not (a job that started before the expiry finishes). */
  async headers(db: Db, fileId: string): Promise<string[] | undefined> {
    const row = await db.selectFrom('importFiles').select('columns').where('id', '=', fileId).executeTakeFirst();
    if (!row) return undefined;
    return (row.columns as Array<{ name: string }>).map((c) => c.name);
  }

  /** The stored bytes, one chunk at a time. */
  async *chunks(db: Db, fileId: string): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq++) {
      const row = await db
        .selectFrom('importFileChunks')
        .select('data')
        .where('fileId', '=', fileId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) return;
      yield row.data;
    }
  }

  /** Removes expired files no unfinished import still reads. */
  async deleteExpired(db: Db): Promise<number> {
    const result = await sql`
      delete from import_files f
      where f.expires_at <= now()
        and not exists (select 1 from import_logs l where l.file_id = f.id and l.status in ('pending', 'processing'))`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  }
}
