import { type ImportFileRow } from './import-files.repository';
import { type ImportUploadResponse } from './dto/imports.response';

export function toImportUpload(row: ImportFileRow): ImportUploadResponse {
  return {
    file_id: row.id,
    file_info: { name: row.name, size: Number(row.size), rowCount: row.rowCount },
    columns: row.columns as ImportUploadResponse['columns'],
    suggested_mapping: row.suggestedMapping as Record<string, unknown>,
    preview: row.preview as ImportUploadResponse['preview'],
    expires_at: row.expiresAt.toISOString(),
  };
}
