/** What the import bench saw of its import: the rows it sent, what the upload and the import's status said, what was stored. */
export interface ImportOutcome {
  rows: number;
  /** The upload's file_info.rowCount. */
  fileRowCount: number;
  status: string;
  importedCount: number;
  duplicateCount: number;
  errorCount: number;
  /** Participation records of the project in the database afterwards. */
  stored: number;
}

/**
 * Why the import's time does not count: the bench's rows are all good and all new, so anything but every row counted by
 * the upload, a completed import with every row imported and none duplicate or in error, and every row stored, is a
 * wrong result (a partial import is fast because it did less). Empty when the import is correct.
 */
export function importProblems(outcome: ImportOutcome): string[] {
  const { rows, fileRowCount, status, importedCount, duplicateCount, errorCount, stored } = outcome;
  const problems: string[] = [];
  if (fileRowCount !== rows) problems.push(`the upload counted ${fileRowCount} rows of ${rows}`);
  if (status !== 'completed') problems.push(`the import ended ${status}, not completed`);
  if (importedCount !== rows) problems.push(`${importedCount} of ${rows} rows imported`);
  if (duplicateCount !== 0 || errorCount !== 0) problems.push(`${duplicateCount} duplicates and ${errorCount} errors reported`);
  if (stored !== rows) problems.push(`${stored} of ${rows} records stored`);
  return problems;
}
