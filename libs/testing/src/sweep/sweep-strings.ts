import { MAX_PARAM_LENGTH } from '@platform/runtime';
import type { SweepRequest } from './sweep-request';
import type { DocumentReader, Schema } from './sweep-document';

/**
 * The bad-input sweep's class of pathological strings: text shaped to make a matcher, parser or normaliser work
 * super-linearly (long runs of spaces, `{{` and spaces, braces, brackets, quotes, repeated separators, backslashes,
 * mixed scripts, combining marks), each as long as the field allows. Every string field of every JSON body, every
 * query parameter and every path parameter of every operation gets every one of them, one field at a time, the
 * rest of the request valid; none is sampled away. Each answer must come within stringSweepTimeoutMs.
 */

/**
 * Longest a request of this class may take: 2 s, and 2 s more per MiB the request and its answer carry, so work linear
 * in what is sent and answered passes and work super-linear in a field does not. Linear work answers a small request
 * in milliseconds, and a 1 MiB body (sanitized, stored, read back and answered whole) or a 26 MB survey in about 2 s
 * on a 2-core machine at load average 11; a quadratic matcher on a 100,000-character field takes tens of seconds and
 * a cubic one hours.
 */
export const STRING_SWEEP_TIMEOUT_MS = 2_000;
export const STRING_SWEEP_MS_PER_MIB = 2_000;

/** The bound for a request whose body and answer carry this many bytes together. */
export const stringSweepTimeoutMs = (bytes: number) => Math.round(STRING_SWEEP_TIMEOUT_MS + (STRING_SWEEP_MS_PER_MIB * bytes) / 2 ** 20);

/** The length of a body string whose schema sets no maxLength: the platform's longest bounded text (a template body). */
export const DEFAULT_STRING_LENGTH = 100_000;

/** Most bytes of a query value once percent-encoded, so the request line stays well inside Node's 16 KiB of headers. */
export const MAX_QUERY_VALUE_BYTES = 6_000;

/** A string of `unit` repeated after `prefix` and before `suffix`. */
export interface PathologicalShape {
  label: string;
  unit: string;
  prefix?: string;
  suffix?: string;
}

export const PATHOLOGICAL_SHAPES: PathologicalShape[] = [
  { label: 'spaces', unit: ' ' },
  { label: '`{{` and spaces', prefix: '{{', unit: ' ' },
  { label: 'mixed white space', unit: ' \t\n\r\u00a0\u3000' },
  { label: 'open braces', unit: '{' },
  { label: 'repeated `{{ `', unit: '{{ ' },
  { label: 'open brackets', unit: '[' },
  { label: 'bracket pairs', unit: '[]' },
  { label: 'double quotes', unit: '"' },
  { label: 'quotes and backticks', unit: "'`" },
  { label: 'commas', prefix: 'a', unit: ',', suffix: '!' },
  { label: 'dots after an at sign', prefix: 'a@', unit: '.', suffix: '!' },
  { label: 'at signs', unit: '@' },
  { label: 'slashes after a scheme', prefix: 'https://', unit: '/', suffix: '!' },
  { label: 'percent signs', unit: '%' },
  { label: 'backslashes', unit: '\\' },
  { label: 'digits and dots', unit: '1.', suffix: 'x' },
  { label: 'tag openings', unit: '<a ' },
  { label: 'mixed scripts', unit: 'aéカ漢ع👍🏽' },
  { label: 'combining marks', prefix: 'e', unit: '\u0301\u0316' },
  { label: 'emoji sequences', unit: '👩‍👩‍👧‍👦' },
];

/**
 * The shape at `length` code points (what maxLength counts), cut at a code point so no surrogate is left alone; when
 * `encode` is given (per code point, as encodeURIComponent is), the longest start of it whose encoding fits `maxBytes`.
 */
export function pathologicalString(
  shape: PathologicalShape,
  length: number,
  encode?: (text: string) => string,
  maxBytes = Infinity,
): string {
  const prefix = [...(shape.prefix ?? '')];
  const suffix = [...(shape.suffix ?? '')];
  const unit = [...shape.unit];
  // Every code point encodes to a byte at least, so no more than maxBytes of them can fit.
  const wanted = encode ? Math.min(length, maxBytes) : length;
  const middle = Math.max(0, length - prefix.length - suffix.length);
  const head = [...prefix, ...Array.from({ length: Math.min(middle, wanted) }, (_, i) => unit[i % unit.length])];
  const points = (wanted < length ? head : [...head, ...suffix]).slice(0, wanted);
  if (!encode) return points.join('');
  let [kept, bytes] = [0, 0];
  while (kept < points.length && bytes + encode(points[kept]).length <= maxBytes) bytes += encode(points[kept++]).length;
  return points.slice(0, kept).join('');
}

/** The longest a value of this schema may be: its maxLength, else the default. */
function lengthOf(schema: Schema): number {
  const max = Number(schema.maxLength);
  return Number.isFinite(max) && max > 0 ? max : DEFAULT_STRING_LENGTH;
}

const isStringSchema = (schema: Schema) => schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** One request of the class: which slot, and the value to put there (made when sent: a sweep plans thousands). */
export interface PathologicalSlotValue {
  label: string;
  /** `none`: the operation's valid request unchanged, a read of what the round's writes stored. */
  slot: { in: 'body'; path: string[] } | { in: 'query'; name: string } | { in: 'path'; name: string } | { in: 'none' };
  value: () => string;
  /** The shape's place in PATHOLOGICAL_SHAPES: a sweep sends one shape to every slot before the next. */
  round: number;
}

/**
 * Every slot of an operation with every shape: body string fields (as `reader.fields` lists them), query parameters
 * and path parameters; and, for an operation that reads what others store, its valid request once per shape. An operation with none of them gets the shapes in an undocumented query parameter,
 * `unexpected`, so every route meets the class (an operation with fields does not: the value would only repeat
 * the operation, and twenty copies of a section each carrying every question made a survey of 26 MB).
 */
export function pathologicalSlotValues(
  reader: DocumentReader,
  operation: {
    /** Sent unchanged once per round too: it reads what other routes store (every GET, a template's preview). */
    rereads?: boolean;
    jsonSchema?: unknown;
    queryParams: Array<{ name: string; schema: Schema }>;
    pathParams: Array<{ name: string; schema: Schema }>;
  },
): PathologicalSlotValue[] {
  const out: PathologicalSlotValue[] = [];
  const bodyFields = operation.jsonSchema ? reader.fields(operation.jsonSchema).filter((field) => isStringSchema(field.schema)) : [];
  for (const field of bodyFields)
    for (const [round, shape] of PATHOLOGICAL_SHAPES.entries())
      out.push({
        round,
        label: `strings: body ${field.path.join('.')}: ${shape.label}`,
        slot: { in: 'body', path: field.path },
        value: () => pathologicalString(shape, lengthOf(field.schema)),
      });
  const fieldless = bodyFields.length === 0 && operation.queryParams.length === 0 && operation.pathParams.length === 0;
  const queryParams = fieldless ? [{ name: 'unexpected', schema: {} }] : operation.queryParams;
  for (const param of queryParams)
    for (const [round, shape] of PATHOLOGICAL_SHAPES.entries())
      out.push({
        round,
        label: `strings: query ${param.name}: ${shape.label}`,
        slot: { in: 'query', name: param.name },
        value: () => pathologicalString(shape, lengthOf(param.schema), encodeURIComponent, MAX_QUERY_VALUE_BYTES),
      });
  for (const param of operation.pathParams)
    for (const [round, shape] of PATHOLOGICAL_SHAPES.entries())
      out.push({
        round,
        label: `strings: path ${param.name}: ${shape.label}`,
        slot: { in: 'path', name: param.name },
        // The router refuses a longer segment (414) before any of the route's code sees it.
        value: () => pathologicalString(shape, lengthOf(param.schema), encodeURIComponent, MAX_PARAM_LENGTH),
      });
  if (operation.rereads)
    for (const [round, shape] of PATHOLOGICAL_SHAPES.entries())
      out.push({ round, label: `strings: unchanged, after the ${shape.label} round's writes`, slot: { in: 'none' }, value: () => '' });
  return out;
}

/** What the sweep knows of an operation's valid request, to change one slot of it. */
export interface RequestMaker {
  base: (label: string, change?: Partial<SweepRequest>) => SweepRequest;
  pathOf: (overrides: Record<string, string>) => string;
  baseQuery: string;
  /** The valid JSON body with the value at `path`. */
  bodyWith: (path: string[], value: string) => string;
}

/**
 * The requests of the slot values: sent whatever the budget, bodies made when sent, each bounded by
 * stringSweepTimeoutMs beyond what the route's valid request takes at that moment (measured when a request passes the
 * bound: a list over everything the sweep stored takes its time whatever the filter).
 */
export function pathologicalRequests(slots: PathologicalSlotValue[], make: RequestMaker): SweepRequest[] {
  return slots.map(({ label, slot, value, round }) => {
    const others = make.baseQuery.split('&').filter((pair) => pair && slot.in === 'query' && !pair.startsWith(`${slot.name}=`));
    const change: Partial<SweepRequest> =
      slot.in === 'none'
        ? {}
        : slot.in === 'body'
          ? { body: () => make.bodyWith(slot.path, value()) }
          : slot.in === 'path'
            ? { path: make.pathOf({ [slot.name]: encodeURIComponent(value()) }) }
            : { query: [...others, `${slot.name}=${encodeURIComponent(value())}`].join('&') };
    const baseline = make.base(`${label} (the valid request, for its time)`);
    return make.base(label, { ...change, always: true, round, timeBound: stringSweepTimeoutMs, baseline });
  });
}

/**
 * The requests in rounds, one shape in every slot of every route before the next (a stable sort keeps the routes'
 * order), so a value one route stores is in place when the routes after it read it (a template body, then its preview).
 */
export function inRounds(requests: SweepRequest[]): SweepRequest[] {
  return [...requests].sort((a, b) => (a.round ?? 0) - (b.round ?? 0));
}
