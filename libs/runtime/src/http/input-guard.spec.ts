import { cpuMsOf } from '@platform/testing/harness';

import { assertCleanInput, assertJsonShape, MalformedInputError, MAX_JSON_DEPTH, MAX_JSON_ITEMS } from './input-guard';

const problemOf = (value: unknown, label = 'body') => {
  try {
    assertCleanInput(value, label);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(MalformedInputError);
    const { field, message } = error as MalformedInputError;
    return { field, message };
  }
};

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('assertCleanInput', () => {
  it('passes clean values of every kind', () => {
    for (const value of [null, 1, true, 'text', [], {}, { a: [1, 'b', { c: null }] }, nested(MAX_JSON_DEPTH - 1)]) {
      expect(problemOf(value)).toBeUndefined();
    }
  });

  it('names the dotted path of a bad string, key or nesting', () => {
    expect(problemOf({ a: [{ b: 'x\u0000y' }] })).toEqual({ field: 'a[0].b', message: 'a[0].b must not contain NUL characters' });
    expect(problemOf([['ok', 'a\ud800']])).toEqual({
      field: '[0][1]',
      message: '[0][1] must be valid Unicode text (no lone surrogates)',
    });
    expect(problemOf({ a: { ['k\u0000']: 1 } })).toEqual({ field: 'a', message: 'a key in a must not contain NUL characters' });
    expect(problemOf('x\u0000', 'query')).toEqual({ field: 'query', message: 'query must not contain NUL characters' });
    expect(problemOf({ a: nested(MAX_JSON_DEPTH) })).toEqual({
      field: 'body',
      message: `body is nested deeper than ${MAX_JSON_DEPTH} levels`,
    });
  });

  it('refuses an array or object wider than the most any route takes, wherever it is', () => {
    expect(problemOf(new Array(MAX_JSON_ITEMS).fill(0))).toBeUndefined();
    expect(problemOf({ list: new Array(MAX_JSON_ITEMS + 1).fill(0) })?.field).toBe('list');
    const wide = Object.fromEntries(Array.from({ length: MAX_JSON_ITEMS + 1 }, (_, i) => [`k${i}`, i]));
    expect(problemOf([wide])).toEqual({ field: '[0]', message: `[0] has more than ${MAX_JSON_ITEMS} elements or members` });
  });

  it('walks half a million elements in a few milliseconds, without a path or record per element', async () => {
    const body = new Array(50).fill(new Array(MAX_JSON_ITEMS).fill('text'));
    const { cpuMs, result } = await cpuMsOf(() => problemOf(body));
    expect(result).toBeUndefined();
    expect(cpuMs).toBeLessThan(200);
  });
});

describe('assertJsonShape', () => {
  const problemOfText = (text: string) => {
    try {
      assertJsonShape(text, 'body');
      return undefined;
    } catch (error) {
      return (error as MalformedInputError).message;
    }
  };

  it('passes JSON within the bounds, brackets and commas inside strings not counted', () => {
    expect(problemOfText(JSON.stringify({ a: [1, 2, { b: '[[[,,,]]]' }], c: 'x\\"[' }))).toBeUndefined();
    expect(problemOfText(JSON.stringify(new Array(MAX_JSON_ITEMS).fill(0)))).toBeUndefined();
    expect(problemOfText(`"${'['.repeat(1000)}"`)).toBeUndefined();
    expect(problemOfText(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeUndefined();
  });

  it('refuses too deep or too wide text before it is parsed, at the first bracket or comma past the bound', async () => {
    // A body arrives as bytes decoded into one flat string; text built by concatenation would be flattened (copied)
    // on its first read, and that copy is not the guard's work.
    const decoded = (text: string) => Buffer.from(text).toString('utf8');
    const deep = decoded(`${'['.repeat(10_000_000)}0${']'.repeat(10_000_000)}`);
    const wide = decoded(`[${'0,'.repeat(10_000_000)}0]`);
    const wideObject = decoded(JSON.stringify({ a: Object.fromEntries(Array.from({ length: MAX_JSON_ITEMS + 1 }, (_, i) => [i, i])) }));
    const { cpuMs, result } = await cpuMsOf(() => [problemOfText(deep), problemOfText(wide), problemOfText(wideObject)]);
    expect(result[0]).toBe(`body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(result[1]).toBe(`body has a list or object of more than ${MAX_JSON_ITEMS} elements or members`);
    expect(result[2]).toMatch(/more than/);
    // Reading the 20 million characters of either text costs over 100 ms of CPU here; the refusals read about 80,000.
    expect(cpuMs).toBeLessThan(50);
  });
});
