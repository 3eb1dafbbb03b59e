/**
 * The file import's mapping (`executeCandidateImport`, POST /import/{fileId}/execute): checked against the file's columns, compiled
 * once, then applied to each data row. Pure; the job streams rows through `mapRow`.
 */

export interface ColumnRef {
  column_index: number;
}

export type AttributeMapping =
  | { type: 'direct'; column_index: number }
  | { type: 'single_select'; columns: number[]; mapping: Record<string, string> | 'first_selected' };

export interface SurveyResponsesMapping {
  mode: 'all_remaining' | 'specified';
  exclude_columns?: number[];
  include_columns?: number[];
}

export interface FileMapping {
  external_user_id: ColumnRef;
  name: ColumnRef;
  email: ColumnRef;
  phone?: ColumnRef;
  attributes?: Record<string, AttributeMapping>;
  survey_responses?: SurveyResponsesMapping;
}

/** A mapping that does not fit the file: `field` names where, the message names the column index. */
export class MappingError extends Error {
  override readonly name = 'MappingError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RowError {
  /** 1-based data row (the header not counted). */
  row: number;
  respondentId: string;
  field: string;
  message: string;
}

export interface MappedRow {
  externalUserId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  attributes: Record<string, string | null> | null;
  surveyResponses: Record<string, unknown> | null;
}

export interface CompiledMapping {
  id: number;
  name: number;
  email: number;
  phone: number | undefined;
  attributes: Array<
    | { key: string; type: 'direct'; column: number }
    | { key: string; type: 'single_select'; columns: number[]; values: Array<string | null> }
  >;
  /** The survey_responses columns with the key each is stored under. */
  responses: Array<{ column: number; key: string }> | undefined;
}

const MAX_ATTRIBUTES = 200;
const MAX_SELECT_COLUMNS = 500;

/** The key each column's value is stored under: its header, made unique (an empty header becomes column_N). */
export function columnKeys(headers: string[]): string[] {
  const seen = new Set<string>();
  return headers.map((header, index) => {
    let key = header.trim() || `column_${index + 1}`;
    if (seen.has(key)) key = `${key}_${index + 1}`;
    seen.add(key);
    return key;
  });
}

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function checkColumn(field: string, value: unknown, columnCount: number): number {
  if (!isIndex(value)) throw new MappingError(field, `${field} must be a column index (an integer, 0 or more)`);
  if (value >= columnCount)
    throw new MappingError(
      field,
      `${field}: column index ${value} is not in the file (it has ${columnCount} columns, 0 to ${columnCount - 1})`,
    );
  return value;
}

function checkColumns(field: string, value: unknown, columnCount: number, required: boolean): number[] {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value) || (required && value.length === 0) || value.length > MAX_SELECT_COLUMNS) {
    throw new MappingError(field, `${field} must be an array of 1 to ${MAX_SELECT_COLUMNS} column indexes`);
  }
  return value.map((v, i) => checkColumn(`${field}[${i}]`, v, columnCount));
}

/** Checks the mapping against the file's headers and compiles it; throws MappingError naming the bad column index. */
export function compileMapping(mapping: FileMapping, headers: string[]): CompiledMapping {
  const count = headers.length;
  const keys = columnKeys(headers);
  const id = checkColumn('mapping.external_user_id.column_index', mapping.external_user_id?.column_index, count);
  const name = checkColumn('mapping.name.column_index', mapping.name?.column_index, count);
  const email = checkColumn('mapping.email.column_index', mapping.email?.column_index, count);
  const phone = mapping.phone === undefined ? undefined : checkColumn('mapping.phone.column_index', mapping.phone?.column_index, count);
  const used = new Set([id, name, email, ...(phone === undefined ? [] : [phone])]);
  const attributes: CompiledMapping['attributes'] = [];
  const entries = Object.entries(mapping.attributes ?? {});
  if (entries.length > MAX_ATTRIBUTES) throw new MappingError('mapping.attributes', `At most ${MAX_ATTRIBUTES} attributes`);
  for (const [key, definition] of entries) {
    const field = `mapping.attributes.${key}`;
    if (key.length === 0 || key.length > 255) throw new MappingError(field, 'An attribute name is 1 to 255 characters');
    if (typeof definition !== 'object' || definition === null) throw new MappingError(field, `${field} must be a mapping definition`);
    if (definition.type === 'direct') {
      const column = checkColumn(`${field}.column_index`, definition.column_index, count);
      used.add(column);
      attributes.push({ key, type: 'direct', column });
    } else if (definition.type === 'single_select') {
      const columns = checkColumns(`${field}.columns`, definition.columns, count, true);
      columns.forEach((c) => used.add(c));
      let values: Array<string | null>;
      if (definition.mapping === 'first_selected') {
        values = columns.map((c) => headers[c].trim());
      } else if (typeof definition.mapping === 'object' && definition.mapping !== null && !Array.isArray(definition.mapping)) {
        const table = definition.mapping as Record<string, unknown>;
        values = columns.map((c) => {
          const value = table[String(c)];
          if (typeof value !== 'string' || value.length > 1000) {
            throw new MappingError(`${field}.mapping`, `${field}.mapping has no text value for column index ${c}`);
          }
          return value;
        });
      } else {
        throw new MappingError(`${field}.mapping`, `${field}.mapping must be a lookup table of column index to value, or first_selected`);
      }
      attributes.push({ key, type: 'single_select', columns, values });
    } else {
      throw new MappingError(`${field}.type`, `${field}.type must be direct or single_select`);
    }
  }
  let responses: CompiledMapping['responses'];
  const survey = mapping.survey_responses;
  if (survey !== undefined) {
    if (survey.mode === 'all_remaining') {
      const excluded = new Set(checkColumns('mapping.survey_responses.exclude_columns', survey.exclude_columns, count, false));
      responses = keys.map((key, column) => ({ column, key })).filter(({ column }) => !used.has(column) && !excluded.has(column));
    } else if (survey.mode === 'specified') {
      const included = checkColumns('mapping.survey_responses.include_columns', survey.include_columns, count, false);
      responses = [...new Set(included)].map((column) => ({ column, key: keys[column] }));
    } else {
      throw new MappingError('mapping.survey_responses.mode', 'mapping.survey_responses.mode must be all_remaining or specified');
    }
  }
  return { id, name, email, phone, attributes, responses };
}

/** An option column counts as selected when its cell is non-empty and not 0. */
export const isSelected = (cell: string | undefined): boolean => {
  const value = (cell ?? '').trim();
  return value !== '' && value !== '0';
};

/** Something@something.something: the domain's first dot after its first character, so one pass decides. */
const EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
const LIMITS = { externalUserId: 255, name: 255, email: 320, phone: 64 };

/** One data row through the mapping: the record to store, or the row's errors (the row is then skipped). */
export function mapRow(cells: string[], compiled: CompiledMapping, row: number): { record?: MappedRow; errors: RowError[] } {
  const cell = (index: number) => (cells[index] ?? '').trim();
  const externalUserId = cell(compiled.id);
  const errors: RowError[] = [];
  const fail = (field: string, message: string) => errors.push({ row, respondentId: externalUserId, field, message });
  if (externalUserId === '') fail('external_user_id', 'The id is missing');
  else if (externalUserId.length > LIMITS.externalUserId)
    fail('external_user_id', `The id is longer than ${LIMITS.externalUserId} characters`);
  const name = cell(compiled.name);
  if (name.length > LIMITS.name) fail('name', `The name is longer than ${LIMITS.name} characters`);
  const email = cell(compiled.email);
  if (email !== '' && (email.length > LIMITS.email || !EMAIL.test(email))) fail('email', `Not an email address: ${email.slice(0, 100)}`);
  const phone = compiled.phone === undefined ? '' : cell(compiled.phone);
  if (phone.length > LIMITS.phone) fail('phone', `The phone number is longer than ${LIMITS.phone} characters`);
  if (errors.length > 0) return { errors };
  let attributes: Record<string, string | null> | null = null;
  if (compiled.attributes.length > 0) {
    attributes = {};
    for (const attribute of compiled.attributes) {
      if (attribute.type === 'direct') {
        attributes[attribute.key] = cell(attribute.column);
      } else {
        const selected = attribute.columns.findIndex((c) => isSelected(cells[c]));
        attributes[attribute.key] = selected === -1 ? null : attribute.values[selected];
      }
    }
  }
  let surveyResponses: Record<string, string> | null = null;
  if (compiled.responses) {
    surveyResponses = {};
    for (const { column, key } of compiled.responses) {
      const value = cell(column);
      if (value !== '') surveyResponses[key] = value;
    }
  }
  return {
    record: {
      externalUserId,
      name: name || null,
      email: email || null,
      phone: phone || null,
      attributes,
      surveyResponses,
    },
    errors,
  };
}

/** Header words (normalized: NFKC, lower case, without spaces, _ and -) for each person field. */
const HEADER_WORDS: Record<'external_user_id' | 'name' | 'email' | 'phone', string[]> = {
  external_user_id: [
    'id',
    '会員id',
    '回答者id',
    'ユーザーid',
    '利用者id',
    'モニターid',
    'パネルid',
    'externaluserid',
    'userid',
    'respondentid',
    'memberid',
    'panelid',
  ],
  name: ['氏名', '名前', 'お名前', '氏名(漢字)', 'フルネーム', 'name', 'fullname', 'yourname'],
  email: ['メール', 'メールアドレス', 'eメール', 'eメールアドレス', 'email', 'emailaddress', 'mail', 'mailaddress'],
  phone: ['電話', '電話番号', '携帯電話', '携帯電話番号', '連絡先電話番号', 'tel', 'phone', 'phonenumber', 'telephone', 'mobile'],
};

/**
 * A header longer than this names no field (the longest word has 9 characters), and is left as it is: NFKC takes time
 * quadratic in a run of combining marks (a 1 MiB header of them kept the process busy for over half an hour).
 */
const LONGEST_NORMALIZED_HEADER = 100;

const normalizeHeader = (header: string) =>
  header.length > LONGEST_NORMALIZED_HEADER
    ? header
    : header
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[\s_\-・]/g, '');

export interface SuggestedMapping {
  external_user_id?: ColumnRef;
  name?: ColumnRef;
  email?: ColumnRef;
  phone?: ColumnRef;
  survey_responses: { mode: 'all_remaining' };
}

/** A mapping guessed from the headers: the first column whose header is one of each field's words; the rest as survey responses. */
export function suggestMapping(headers: string[]): SuggestedMapping {
  const normalized = headers.map(normalizeHeader);
  const suggestion: SuggestedMapping = { survey_responses: { mode: 'all_remaining' } };
  const taken = new Set<number>();
  for (const field of ['external_user_id', 'email', 'phone', 'name'] as const) {
    const index = normalized.findIndex((h, i) => !taken.has(i) && HEADER_WORDS[field].includes(h));
    if (index !== -1) {
      suggestion[field] = { column_index: index };
      taken.add(index);
    }
  }
  return suggestion;
}

/** The survey import's mapping: each person field taken from the answer to a question, named by its text. */
export interface SurveyMapping {
  externalUserId: { type: 'direct'; sourceField: string };
  name: { type: 'direct'; sourceField: string };
  email: { type: 'direct'; sourceField: string };
}

const answerText = (value: unknown): string =>
  typeof value === 'string'
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : Array.isArray(value)
        ? value.map(String).join(', ')
        : '';

/**
 * One respondent through the survey mapping: the person from the mapped answers, every answer as surveyResponses.
 * Errors carry the panel id as respondentId; `row` is the respondent's 1-based position among those imported.
 */
export function mapRespondent(
  panelId: string,
  answers: Record<string, unknown>,
  mapping: SurveyMapping,
  row: number,
): { record?: MappedRow; errors: RowError[] } {
  const externalUserId = answerText(answers[mapping.externalUserId.sourceField]);
  const name = answerText(answers[mapping.name.sourceField]);
  const email = answerText(answers[mapping.email.sourceField]);
  const errors: RowError[] = [];
  const fail = (field: string, message: string) => errors.push({ row, respondentId: panelId, field, message });
  if (externalUserId === '') fail('externalUserId', `No answer to "${mapping.externalUserId.sourceField.slice(0, 100)}"`);
  else if (externalUserId.length > LIMITS.externalUserId)
    fail('externalUserId', `The id is longer than ${LIMITS.externalUserId} characters`);
  if (name.length > LIMITS.name) fail('name', `The name is longer than ${LIMITS.name} characters`);
  if (email !== '' && (email.length > LIMITS.email || !EMAIL.test(email))) fail('email', `Not an email address: ${email.slice(0, 100)}`);
  if (errors.length > 0) return { errors };
  return {
    record: { externalUserId, name: name || null, email: email || null, phone: null, attributes: null, surveyResponses: answers },
    errors,
  };
}
