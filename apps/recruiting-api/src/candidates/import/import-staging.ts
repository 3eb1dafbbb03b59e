import type { MappedRow, RowError } from '../../domain/import-mapping';

/**
 * A batch's rows in PostgreSQL COPY text format, as the import job loads them into its staging table
 * (ImportLogsRepository.writeBatch): one line per mapped record, one line per row error, columns
 * `row, seq, external_user_id, name, email, phone, attributes, survey_responses, field, message`.
 */
export const STAGING_COLUMNS = 'row, seq, external_user_id, name, email, phone, attributes, survey_responses, field, message';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;

/** A value as a COPY text-format column: `\N` for null; backslash, tab, line feed and carriage return escaped. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

const copyJson = (value: unknown) => (value === null || value === undefined ? '\\N' : copyText(JSON.stringify(value)));

/** The staging line of the record of data row `row`. */
export function recordLine(row: number, record: MappedRow): string {
  return `${row}\t0\t${copyText(record.externalUserId)}\t${copyText(record.name)}\t${copyText(record.email)}\t${copyText(record.phone)}\t${copyJson(record.attributes)}\t${copyJson(record.surveyResponses)}\t\\N\t\\N\n`;
}

/** The staging lines of a row's errors, numbered 0, 1, ... within the row. */
export function errorLines(errors: RowError[]): string {
  let lines = '';
  let seq = 0;
  let previous = -1;
  for (const e of errors) {
    seq = e.row === previous ? seq + 1 : 0;
    previous = e.row;
    lines += `${e.row}\t${seq}\t${copyText(e.respondentId)}\t\\N\t\\N\t\\N\t\\N\t\\N\t${copyText(e.field)}\t${copyText(e.message)}\n`;
  }
  return lines;
}
