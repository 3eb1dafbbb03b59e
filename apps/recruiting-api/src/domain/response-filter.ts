import { type RawBuilder, sql } from 'kysely';

/**
 * The responseFilter language of `listCandidates` (also the `when` of scoring rules): conditions on fields of a
 * candidate's attributes or surveyResponses, combined in and/or groups that may nest. Parsed into a typed tree,
 * checked, and translated to SQL over JSONB with every field name and value bound as a parameter.
 */
export const FILTER_OPERATORS = ['eq', 'neq', 'contains', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export type FilterScalar = string | number;

/** Where a field is looked up: one of the two objects, or (no prefix) either of them. */
export type FieldSource = 'attributes' | 'surveyResponses' | 'either';

export interface FilterCondition {
  kind: 'condition';
  source: FieldSource;
  field: string;
  operator: FilterOperator;
  value: FilterScalar | FilterScalar[];
}

export interface FilterGroup {
  kind: 'group';
  logic: 'and' | 'or';
  children: FilterNode[];
}

export type FilterNode = FilterCondition | FilterGroup;

export const FILTER_LIMITS = { maxDepth: 5, maxConditions: 50, maxInValues: 100, maxFieldLength: 255, maxValueLength: 1000 };

/** A filter that cannot be used; the message says what and where (e.g. `conditions[1].operator`). */
export class FilterError extends Error {}

const PREFIXES: Array<[string, FieldSource]> = [
  ['attributes.', 'attributes'],
  ['surveyResponses.', 'surveyResponses'],
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses the query parameter's JSON text. */
export function parseFilterText(text: string): FilterNode {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FilterError('responseFilter is not valid JSON');
  }
  return parseFilter(json, 'responseFilter');
}

/** Parses an already-decoded filter: an array of conditions, a group `{conditions, logic}`, or one condition. */
export function parseFilter(json: unknown, path: string): FilterNode {
  const counter = { conditions: 0 };
  const node = Array.isArray(json) ? parseGroup({ conditions: json }, path, 1, counter) : parseNode(json, path, 1, counter);
  if (counter.conditions === 0) throw new FilterError(`${path} has no conditions`);
  return node;
}

function parseNode(json: unknown, path: string, depth: number, counter: { conditions: number }): FilterNode {
  if (!isObject(json)) throw new FilterError(`${path} must be a condition or a group`);
  return 'conditions' in json ? parseGroup(json, path, depth, counter) : parseCondition(json, path, counter);
}

function parseGroup(json: Record<string, unknown>, path: string, depth: number, counter: { conditions: number }): FilterGroup {
  if (depth > FILTER_LIMITS.maxDepth) throw new FilterError(`${path} nests deeper than ${FILTER_LIMITS.maxDepth} levels`);
  for (const key of Object.keys(json)) {
    if (key !== 'conditions' && key !== 'logic') throw new FilterError(`${path}.${key} is not a group key (conditions, logic)`);
  }
  const logic = json.logic ?? 'and';
  if (logic !== 'and' && logic !== 'or') throw new FilterError(`${path}.logic must be and or or`);
  if (!Array.isArray(json.conditions)) throw new FilterError(`${path}.conditions must be an array`);
  const children = json.conditions.map((child, i) => parseNode(child, `${path}.conditions[${i}]`, depth + 1, counter));
  return { kind: 'group', logic, children };
}

function parseCondition(json: Record<string, unknown>, path: string, counter: { conditions: number }): FilterCondition {
  for (const key of Object.keys(json)) {
    if (key !== 'field' && key !== 'operator' && key !== 'value')
      throw new FilterError(`${path}.${key} is not a condition key (field, operator, value)`);
  }
  if (++counter.conditions > FILTER_LIMITS.maxConditions)
    throw new FilterError(`a filter has at most ${FILTER_LIMITS.maxConditions} conditions`);
  const { field, operator, value } = json;
  if (typeof field !== 'string' || field.trim() === '') throw new FilterError(`${path}.field is required`);
  if (field.length > FILTER_LIMITS.maxFieldLength) throw new FilterError(`${path}.field is longer than ${FILTER_LIMITS.maxFieldLength}`);
  if (operator === undefined) throw new FilterError(`${path}.operator is required`);
  if (!FILTER_OPERATORS.includes(operator as FilterOperator)) {
    throw new FilterError(`${path}.operator ${JSON.stringify(operator)} is unknown (${FILTER_OPERATORS.join(', ')})`);
  }
  if (value === undefined || value === null) throw new FilterError(`${path}.value is required`);
  const prefix = PREFIXES.find(([p]) => field.startsWith(p) && field.length > p.length);
  const condition = {
    kind: 'condition' as const,
    source: prefix ? prefix[1] : ('either' as const),
    field: prefix ? field.slice(prefix[0].length) : field,
    operator: operator as FilterOperator,
  };
  if (operator === 'in') {
    if (!Array.isArray(value) || value.length === 0) throw new FilterError(`${path}.value must be a non-empty array for in`);
    if (value.length > FILTER_LIMITS.maxInValues) throw new FilterError(`${path}.value has more than ${FILTER_LIMITS.maxInValues} values`);
    return { ...condition, value: value.map((v, i) => scalar(v, `${path}.value[${i}]`)) };
  }
  return { ...condition, value: scalar(value, `${path}.value`) };
}

function scalar(value: unknown, path: string): FilterScalar {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    if (value.length > FILTER_LIMITS.maxValueLength) throw new FilterError(`${path} is longer than ${FILTER_LIMITS.maxValueLength}`);
    return value;
  }
  throw new FilterError(`${path} must be a string or a number`);
}

// ---- SQL -------------------------------------------------------------------------------------------------
//
// Equality is JSONB containment (`@>`), which the GIN indexes on attributes and survey_responses (jsonb_path_ops)
// answer without reading every row: `{"f": v}` matches the value itself, `{"f": [v]}` an array (multi-select
// answer) that holds it. A numeric value is looked for as a number and as its text ("3" eq 3). contains reads the
// text of the value (for an array, the text of its JSON, so any element counts).

const NUMERIC_TEXT = /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The JSON values equal to `value`: its text, and the number when it is numeric. */
function equalValues(value: FilterScalar): FilterScalar[] {
  const text = String(value);
  const number = typeof value === 'number' ? value : NUMERIC_TEXT.test(text) && Number.isFinite(Number(text)) ? Number(text) : undefined;
  return number === undefined ? [text] : [text, number];
}

export type FilterColumn = 'attributes' | 'survey_responses';

const COLUMNS: Record<FieldSource, FilterColumn[]> = {
  attributes: ['attributes'],
  surveyResponses: ['survey_responses'],
  either: ['attributes', 'survey_responses'],
};

/**
 * How a condition reads a field. Over whole columns (`filterToSql`), equality is containment, which the GIN
 * indexes answer; over values extracted once per row (`filterOnValuesSql`, for scoring every row), it compares
 * the small extracted value instead of searching the document once per value. Both give the same answers:
 * `{"f": v}` contained in the column is `col -> 'f' = v`, and `{"f": [v]}` is `col -> 'f' @> [v]`.
 */
interface FieldAccess {
  /** The field holds one of the values, as the value itself or inside an array. */
  equalsAny(column: FilterColumn, field: string, values: FilterScalar[]): RawBuilder<boolean>;
  /** The field's value as text (a string unquoted, anything else as its JSON). */
  text(column: FilterColumn, field: string): RawBuilder<string>;
}

const wholeColumns = (alias: string): FieldAccess => ({
  equalsAny: (column, field, values) => {
    const documents = values.flatMap((v) => [JSON.stringify({ [field]: v }), JSON.stringify({ [field]: [v] })]);
    return sql<boolean>`(${sql.join(
      documents.map((doc) => sql`${sql.ref(`${alias}.${column}`)} @> ${doc}::jsonb`),
      sql` or `,
    )})`;
  },
  text: (column, field) => sql<string>`(${sql.ref(`${alias}.${column}`)} ->> ${field}::text)`,
});

const extractedValues = (valueOf: (column: FilterColumn, field: string) => RawBuilder<unknown>): FieldAccess => ({
  equalsAny: (column, field, values) => {
    const value = valueOf(column, field);
    return sql<boolean>`(${value} = any(${values.map((v) => JSON.stringify(v))}::jsonb[]) or ${value} @> any(${values.map((v) => JSON.stringify([v]))}::jsonb[]))`;
  },
  text: (column, field) => sql<string>`(${valueOf(column, field)} #>> '{}')`,
});

function conditionSql(condition: FilterCondition, access: FieldAccess): RawBuilder<boolean> {
  const columns = COLUMNS[condition.source];
  if (condition.operator === 'contains') {
    const pattern = `%${String(condition.value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<boolean>`(${sql.join(
      columns.map((column) => sql`coalesce(${access.text(column, condition.field)} ilike ${pattern}::text, false)`),
      sql` or `,
    )})`;
  }
  const values = condition.operator === 'in' ? (condition.value as FilterScalar[]) : [condition.value as FilterScalar];
  const equal = values.flatMap(equalValues);
  const any = sql<boolean>`(${sql.join(
    columns.map((column) => access.equalsAny(column, condition.field, equal)),
    sql` or `,
  )})`;
  return condition.operator === 'neq' ? sql<boolean>`(not coalesce(${any}, false))` : any;
}

function nodeSql(node: FilterNode, access: FieldAccess): RawBuilder<boolean> {
  if (node.kind === 'condition') return conditionSql(node, access);
  if (node.children.length === 0) return sql<boolean>`${node.logic === 'and'}`;
  return sql<boolean>`(${sql.join(
    node.children.map((child) => nodeSql(child, access)),
    node.logic === 'and' ? sql` and ` : sql` or `,
  )})`;
}

/** The filter as a boolean SQL expression over the participation row aliased `alias` (index-friendly). */
export function filterToSql(node: FilterNode, alias = 'pc'): RawBuilder<boolean> {
  return nodeSql(node, wholeColumns(alias));
}

/** The filter over field values already extracted from the row (`valueOf` names the extracted jsonb value). */
export function filterOnValuesSql(
  node: FilterNode,
  valueOf: (column: FilterColumn, field: string) => RawBuilder<unknown>,
): RawBuilder<boolean> {
  return nodeSql(node, extractedValues(valueOf));
}

/** Every (column, field) pair the filter reads. */
export function filterFields(node: FilterNode): Array<[FilterColumn, string]> {
  if (node.kind === 'group') return node.children.flatMap(filterFields);
  return COLUMNS[node.source].map((column) => [column, node.field] as [FilterColumn, string]);
}
