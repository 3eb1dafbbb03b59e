import { cpuMsOf } from '@platform/testing/harness';
import {
  columnKeys,
  compileMapping,
  type FileMapping,
  isSelected,
  MappingError,
  mapRespondent,
  mapRow,
  suggestMapping,
} from './import-mapping';

const HEADERS = ['会員ID', '氏名', 'メールアドレス', '電話番号', '性別:男性', '性別:女性', '年代', 'Q1 満足度', 'Q2 自由記述', ''];
const BASE: FileMapping = { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } };
const ROW = ['M001', ' 田中 太郎 ', 'taro@example.jp', '090-1111-2222', '', '1', '30代', '5', '便利', 'x'];

describe('compileMapping', () => {
  it('names the bad column index', () => {
    expect(() => compileMapping({ ...BASE, email: { column_index: 10 } }, HEADERS)).toThrow(
      new MappingError(
        'mapping.email.column_index',
        'mapping.email.column_index: column index 10 is not in the file (it has 10 columns, 0 to 9)',
      ),
    );
    expect(() =>
      compileMapping({ ...BASE, attributes: { gender: { type: 'single_select', columns: [4, 12], mapping: 'first_selected' } } }, HEADERS),
    ).toThrow(/mapping\.attributes\.gender\.columns\[1\]: column index 12/);
    expect(() =>
      compileMapping({ ...BASE, attributes: { gender: { type: 'single_select', columns: [4, 5], mapping: { '4': '男性' } } } }, HEADERS),
    ).toThrow(/no text value for column index 5/);
    expect(() => compileMapping({ ...BASE, attributes: { x: { type: 'other' } as never } }, HEADERS)).toThrow(/direct or single_select/);
  });

  it('keeps every column the mapping does not use as survey responses, minus the excluded', () => {
    const compiled = compileMapping(
      {
        ...BASE,
        phone: { column_index: 3 },
        attributes: { age: { type: 'direct', column_index: 6 } },
        survey_responses: { mode: 'all_remaining', exclude_columns: [8] },
      },
      HEADERS,
    );
    expect(compiled.responses).toEqual([
      { column: 4, key: '性別:男性' },
      { column: 5, key: '性別:女性' },
      { column: 7, key: 'Q1 満足度' },
      { column: 9, key: 'column_10' },
    ]);
    expect(compileMapping({ ...BASE, survey_responses: { mode: 'specified', include_columns: [7, 7, 8] } }, HEADERS).responses).toEqual([
      { column: 7, key: 'Q1 満足度' },
      { column: 8, key: 'Q2 自由記述' },
    ]);
  });
});

describe('mapRow', () => {
  it('maps person data, direct and single_select attributes, and survey responses', () => {
    const compiled = compileMapping(
      {
        ...BASE,
        phone: { column_index: 3 },
        attributes: {
          gender: { type: 'single_select', columns: [4, 5], mapping: { '4': 'male', '5': 'female' } },
          genderLabel: { type: 'single_select', columns: [4, 5], mapping: 'first_selected' },
          age: { type: 'direct', column_index: 6 },
        },
        survey_responses: { mode: 'specified', include_columns: [7, 8, 9] },
      },
      HEADERS,
    );
    expect(mapRow(ROW, compiled, 1)).toEqual({
      record: {
        externalUserId: 'M001',
        name: '田中 太郎',
        email: 'taro@example.jp',
        phone: '090-1111-2222',
        attributes: { gender: 'female', genderLabel: '性別:女性', age: '30代' },
        surveyResponses: { 'Q1 満足度': '5', 'Q2 自由記述': '便利', column_10: 'x' },
      },
      errors: [],
    });
    const none = mapRow(['M2', 'n', '', '', '0', '', '', '', '', ''], compiled, 2);
    expect(none.record?.attributes).toEqual({ gender: null, genderLabel: null, age: '' });
    expect(none.record?.email).toBeNull();
  });

  it('reports a missing id and an invalid email with the 1-based row', () => {
    const compiled = compileMapping(BASE, HEADERS);
    expect(mapRow(['', 'a', 'not-an-email'], compiled, 7).errors).toEqual([
      { row: 7, respondentId: '', field: 'external_user_id', message: 'The id is missing' },
      { row: 7, respondentId: '', field: 'email', message: 'Not an email address: not-an-email' },
    ]);
  });

  it('takes an email with a dot in its domain after the first character and before the last', () => {
    const compiled = compileMapping(BASE, HEADERS);
    const valid = (email: string) => mapRow(['M1', 'n', email], compiled, 2).errors.length === 0;
    expect(['a@b.c', 'a.b@c.d.e', 'a@.b.c', 'a@b..c', 'a@b.', 'a@.b', 'a@b', '@b.c', 'a@b@c.d', 'a b@c.d'].map(valid)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('counts an option column as selected when non-empty and not 0', () => {
    expect([undefined, '', ' ', '0', '1', '○', 'yes'].map(isSelected)).toEqual([false, false, false, false, true, true, true]);
  });
});

describe('suggestMapping', () => {
  it('guesses from Japanese and English headers', () => {
    expect(suggestMapping(HEADERS)).toEqual({
      external_user_id: { column_index: 0 },
      name: { column_index: 1 },
      email: { column_index: 2 },
      phone: { column_index: 3 },
      survey_responses: { mode: 'all_remaining' },
    });
    expect(suggestMapping(['Respondent ID', 'Full Name', 'E-mail', 'Tel'])).toEqual({
      external_user_id: { column_index: 0 },
      name: { column_index: 1 },
      email: { column_index: 2 },
      phone: { column_index: 3 },
      survey_responses: { mode: 'all_remaining' },
    });
    expect(suggestMapping(['回答者ＩＤ', 'お名前', 'メール'])).toMatchObject({
      external_user_id: { column_index: 0 },
      name: { column_index: 1 },
      email: { column_index: 2 },
    });
  });

  it('reads a long header of combining marks in linear time, and still normalizes a short one', async () => {
    const marks = `e${'\u0301\u0316'.repeat(500_000)}`; // a header row at the parser's 1 MiB record limit
    const { cpuMs, result } = await cpuMsOf(() => suggestMapping([marks, `${'　'.repeat(90)}Ｅ－ｍａｉｌ`]));
    expect(result).toEqual({
      email: { column_index: 1 },
      survey_responses: { mode: 'all_remaining' },
    });
    expect(cpuMs).toBeLessThan(50);
  });

  it('makes repeated and empty headers unique keys', () => {
    expect(columnKeys(['a', 'a', '', ' b '])).toEqual(['a', 'a_2', 'column_3', 'b']);
  });
});

describe('mapRespondent', () => {
  const mapping = {
    externalUserId: { type: 'direct' as const, sourceField: '回答者ID' },
    name: { type: 'direct' as const, sourceField: 'お名前' },
    email: { type: 'direct' as const, sourceField: 'メールアドレス' },
  };
  it('takes the person from the mapped answers and keeps every answer', () => {
    const answers = { 回答者ID: 'R1', お名前: '佐藤 花子', メールアドレス: 'h@example.jp', 'サービスの満足度|||価格': 'やや満足' };
    expect(mapRespondent('p-1', answers, mapping, 3)).toEqual({
      record: { externalUserId: 'R1', name: '佐藤 花子', email: 'h@example.jp', phone: null, attributes: null, surveyResponses: answers },
      errors: [],
    });
    expect(mapRespondent('p-2', { お名前: 'x', メールアドレス: 'bad@invalid' }, mapping, 4).errors).toEqual([
      { row: 4, respondentId: 'p-2', field: 'externalUserId', message: 'No answer to "回答者ID"' },
      { row: 4, respondentId: 'p-2', field: 'email', message: 'Not an email address: bad@invalid' },
    ]);
  });
});
