import { copyText, errorLines, recordLine } from './import-staging';

describe('import staging lines (COPY text format)', () => {
  it('escapes backslash, tab, line feed and carriage return, and writes null as \\N', () => {
    expect(copyText('plain 日本語')).toBe('plain 日本語');
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyText('\\N')).toBe('\\\\N');
    expect(copyText(null)).toBe('\\N');
    expect(copyText('')).toBe('');
  });

  it('writes a record as ten columns, JSON escaped the same way, absent values as null', () => {
    const line = recordLine(7, {
      externalUserId: 'M1',
      name: '高橋\t健一',
      email: null,
      phone: null,
      attributes: { gender: null, note: 'a\\b' },
      surveyResponses: null,
    });
    expect(line).toBe('7\t0\tM1\t高橋\\t健一\t\\N\t\\N\t{"gender":null,"note":"a\\\\\\\\b"}\t\\N\t\\N\t\\N\n');
    const columns = line.slice(0, -1).split('\t');
    expect(columns).toHaveLength(10);
    // COPY reads \\\\ back as \\, so the column holds the JSON text {"note":"a\\b"}, which is the string a\b.
    expect(JSON.parse(columns[6].replace(/\\\\/g, '\\'))).toEqual({ gender: null, note: 'a\\b' });
  });

  it('numbers the errors of a row from 0 and keeps the respondent id, field and message', () => {
    const lines = errorLines([
      { row: 3, respondentId: '', field: 'external_user_id', message: 'The id is missing' },
      { row: 3, respondentId: '', field: 'email', message: 'Not an email address: a\tb' },
      { row: 4, respondentId: 'M4', field: 'name', message: 'too long' },
    ]);
    expect(lines.split('\n')).toEqual([
      '3\t0\t\t\\N\t\\N\t\\N\t\\N\t\\N\texternal_user_id\tThe id is missing',
      '3\t1\t\t\\N\t\\N\t\\N\t\\N\t\\N\temail\tNot an email address: a\\tb',
      '4\t0\tM4\t\\N\t\\N\t\\N\t\\N\t\\N\tname\ttoo long',
      '',
    ]);
    expect(errorLines([])).toBe('');
  });
});
