import type { Schema } from './sweep-document';

/** The malformed values the bad-input sweep puts in a field, a path parameter or a query parameter. */

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const HUGE = 'x'.repeat(200_000);
const DEEP = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** A copy of `body` with the value at `path` replaced (arrays at a path get their first element created). */
export function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = /^\d+$/.test(path[path.indexOf(key) + 1] ?? '') ? [{}] : {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
  return copy;
}

/** Malformed values of a field, by what the field is. */
export function badValues(schema: Schema): Array<[string, unknown]> {
  const common: Array<[string, unknown]> = [
    ['null', null],
    ['an object', { unexpected: true }],
    ['deep nesting', DEEP(200)],
  ];
  switch (schema.type) {
    case 'string':
      return [
        ...common,
        ['a number', 12345],
        ['NUL', NUL],
        ['a lone surrogate', LONE_SURROGATE],
        ['200k characters', HUGE],
        ['an empty string', ''],
        ['an array', ['x']],
      ];
    case 'integer':
    case 'number':
      return [
        ...common,
        ['text', 'abc'],
        ['1e308', 1e308],
        ['-1e308', -1e308],
        ['1.5', 1.5],
        ['2^53+2', 2 ** 53 + 2],
        ['a numeric string', '7'],
      ];
    case 'boolean':
      return [...common, ['text', 'yes'], ['1', 1]];
    case 'array':
      return [...common, ['text', 'x'], ['5,000 items', Array.from({ length: 5000 }, () => 'x')], ['items of NUL', [NUL]]];
    default:
      return [...common, ['an array', [1, 2]], ['text', 'x']];
  }
}

export const badPathValues: Array<[string, string]> = [
  ['not an id', 'not-an-id'],
  ['NUL', 'a%00b'],
  ['a lone surrogate', '%ED%A0%80'],
  ['bad percent-encoding', '%E0%A4%A'],
  ['600 characters', 'p'.repeat(600)],
  ['1e308', '1e308'],
  ['-1', '-1'],
  ['23 digits', '12345678901234567890123'],
  ['a traversal', '..%2F..%2Fetc%2Fpasswd'],
];

export const badQueryValues: Array<[string, string]> = [
  ['text', 'abc'],
  ['NUL', 'a%00b'],
  ['a lone surrogate', '%ED%A0%80'],
  ['10k characters', 'q'.repeat(10_000)],
  ['1e400', '1e400'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['an empty value', ''],
];
