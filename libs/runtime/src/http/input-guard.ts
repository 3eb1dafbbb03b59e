/**
 * Checks every app applies to what arrives, before any route sees it: JSON nested deeper than a person or
 * a program ever needs (it overflows recursive validators), NUL characters (PostgreSQL refuses them in
 * text) and lone UTF-16 surrogates (not text at all; PostgreSQL refuses them in JSON). The services'
 * exception filters turn the error into their own validation failure (400, or 422 in race content).
 */

/** Deepest nesting of arrays and objects a JSON body may have (docs/decisions.md). */
export const MAX_JSON_DEPTH = 32;

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

/**
 * Walks a parsed value without recursion (so a hostile depth cannot overflow the stack) and throws
 * MalformedInputError for the first problem: nesting beyond `maxDepth`, or a key or string value that
 * is not clean text.
 */
export function assertCleanInput(value: unknown, label: string, maxDepth = MAX_JSON_DEPTH): void {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    const name = path || label;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) throw new MalformedInputError(name, `${name} ${problem}`);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) throw new MalformedInputError(label, `${label} is nested deeper than ${maxDepth} levels`);
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const problem = textProblem(key);
      if (problem) throw new MalformedInputError(name, `a key in ${name} ${problem}`);
      stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
}
