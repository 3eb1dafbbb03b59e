/**
 * Checks every app applies to what arrives, before any route sees it: JSON nested deeper than a person or
 * a program ever needs (it overflows recursive validators), NUL characters (PostgreSQL refuses them in
 * text) and lone UTF-16 surrogates (not text at all; PostgreSQL refuses them in JSON). The services'
 * exception filters turn the error into their own validation failure (400, or 422 in race content).
 */

/** Deepest nesting of arrays and objects a JSON body may have (docs/decisions.md). */
export const MAX_JSON_DEPTH = 32;

/**
 * Most elements of one array, and most members of one object, a JSON body may have: ten times the largest list any
 * route takes (the builder's 1,000 choices of a question, 2,000 questions of a bundle's questionnaire), so that no
 * validator ever walks half a million elements of a body at its size limit.
 */
export const MAX_JSON_ITEMS = 10_000;

/** Malformed input found at the edge; `field` is a dotted path into the body, query or path parameters. */
export class MalformedInputError extends Error {
  override readonly name = 'MalformedInputError';
  readonly statusCode = 400;

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const NUL = '\u0000';

/** What is wrong with a string, if anything. */
export function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'must not contain NUL characters';
  if (!text.isWellFormed()) return 'must be valid Unicode text (no lone surrogates)';
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Checks the nesting and the width of JSON text before it is parsed, in one pass that allocates nothing: a body nested
 * deeper than `maxDepth` or with a container of more than `maxItems` elements (counted by the commas at its level) is
 * refused before JSON.parse builds it (a 20 MiB body of brackets is ten million nested arrays, about a gigabyte). Text
 * that is not JSON is left for the parser to refuse.
 */
export function assertJsonShape(text: string, label: string, maxDepth = MAX_JSON_DEPTH, maxItems = MAX_JSON_ITEMS): void {
  // Commas seen in each open container, by depth (a container at depth d holds commas + 1 elements).
  const commas = new Uint32Array(maxDepth + 1);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string, escapes included.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) throw new MalformedInputError(label, `${label} is nested deeper than ${maxDepth} levels`);
      commas[depth] = 0;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (c === COMMA && depth > 0 && ++commas[depth] >= maxItems) {
      throw new MalformedInputError(label, `${label} has a list or object of more than ${maxItems} elements or members`);
    }
  }
}

/**
 * Throws MalformedInputError for the first problem in a parsed value: nesting beyond `maxDepth`, or a key or string
 * value that is not clean text. The walk recurses at most `maxDepth` deep (so a hostile depth cannot overflow the
 * stack) and allocates nothing per element: the dotted path of a problem is built only once one is found, while the
 * recursion unwinds. A body of half a million array elements costs a pass over them and no garbage.
 */
export function assertCleanInput(value: unknown, label: string, maxDepth = MAX_JSON_DEPTH): void {
  const problem = firstProblem(value, 0, maxDepth);
  if (!problem) return;
  if (problem.tooDeep) throw new MalformedInputError(label, `${label} is nested deeper than ${maxDepth} levels`);
  if (problem.tooWide) {
    const name = problem.path || label;
    throw new MalformedInputError(name, `${name} has more than ${MAX_JSON_ITEMS} elements or members`);
  }
  const name = problem.path || label;
  throw new MalformedInputError(name, problem.inKey ? `a key in ${name} ${problem.text}` : `${name} ${problem.text}`);
}

interface Problem {
  /** The dotted path to the value (or to the object holding the bad key), built while the recursion unwinds. */
  path: string;
  text: string;
  inKey: boolean;
  tooDeep: boolean;
  tooWide?: boolean;
}

function firstProblem(value: unknown, depth: number, maxDepth: number): Problem | undefined {
  if (typeof value === 'string') {
    const text = textProblem(value);
    return text ? { path: '', text, inKey: false, tooDeep: false } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= maxDepth) return { path: '', text: '', inKey: false, tooDeep: true };
  if (Array.isArray(value)) {
    if (value.length > MAX_JSON_ITEMS) return { path: '', text: '', inKey: false, tooDeep: false, tooWide: true };
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item === null || (typeof item !== 'object' && typeof item !== 'string')) continue;
      const inner = firstProblem(item, depth + 1, maxDepth);
      if (inner) return prefixed(inner, `[${index}]`);
    }
    return undefined;
  }
  let members = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (++members > MAX_JSON_ITEMS) return { path: '', text: '', inKey: false, tooDeep: false, tooWide: true };
    const text = textProblem(key);
    if (text) return { path: '', text, inKey: true, tooDeep: false };
    const inner = firstProblem((value as Record<string, unknown>)[key], depth + 1, maxDepth);
    if (inner) return prefixed(inner, key);
  }
  return undefined;
}

/** The problem's path one level up: `key` (or `[index]`) in front of what the level below found. */
function prefixed(problem: Problem, step: string): Problem {
  if (problem.tooDeep) return problem;
  const joined = problem.path === '' ? step : problem.path.startsWith('[') ? `${step}${problem.path}` : `${step}.${problem.path}`;
  problem.path = joined;
  return problem;
}
