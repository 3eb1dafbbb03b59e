import { type ImportOutcome, importProblems } from './recruiting-import-result';

const CORRECT: ImportOutcome = {
  rows: 1000,
  fileRowCount: 1000,
  status: 'completed',
  importedCount: 1000,
  duplicateCount: 0,
  errorCount: 0,
  stored: 1000,
};

describe("the import bench's judgement of its import", () => {
  it('accepts an import of every row, stored once', () => {
    expect(importProblems(CORRECT)).toEqual([]);
  });

  it.each<[string, Partial<ImportOutcome>, string]>([
    ['a partial import', { status: 'partial', importedCount: 990, errorCount: 10 }, 'the import ended partial, not completed'],
    ['a completed import that stored fewer rows', { stored: 999 }, '999 of 1000 records stored'],
    ['a completed import that counted fewer rows', { importedCount: 998 }, '998 of 1000 rows imported'],
    ['an upload that lost rows', { fileRowCount: 999 }, 'the upload counted 999 rows of 1000'],
    ['rows taken for duplicates', { duplicateCount: 3 }, '3 duplicates and 0 errors reported'],
    ['a failed import', { status: 'failed', importedCount: 0, stored: 0 }, 'the import ended failed, not completed'],
  ])('refuses %s', (_what, change, problem) => {
    expect(importProblems({ ...CORRECT, ...change })).toContain(problem);
  });
});
