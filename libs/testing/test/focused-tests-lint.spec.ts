import type { Linter } from 'eslint';
import { lintTexts } from './lint-texts';

const test = (body: string) => `describe('a feature', () => {\n  ${body}\n});\n`;

/** Each way of running only some tests, or of leaving one out, that a commit could carry by mistake. */
const FOCUSED = {
  itOnly: test(`it.only('runs alone', () => expect(1).toBe(1));`),
  testOnly: test(`test.only('runs alone', () => expect(1).toBe(1));`),
  describeOnly: `describe.only('a feature', () => {\n  it('works', () => expect(1).toBe(1));\n});\n`,
  fit: test(`fit('runs alone', () => expect(1).toBe(1));`),
  eachOnly: test(`it.only.each([1, 2])('runs alone with %s', (n) => expect(n).toBeGreaterThan(0));`),
};
const DISABLED = {
  itSkip: test(`it.skip('left out', () => expect(1).toBe(2));`),
  testSkip: test(`test.skip('left out', () => expect(1).toBe(2));`),
  describeSkip: `describe.skip('a feature', () => {\n  it('works', () => expect(1).toBe(1));\n});\n`,
  xit: test(`xit('left out', () => expect(1).toBe(2));`),
  xdescribe: `xdescribe('a feature', () => {\n  it('works', () => expect(1).toBe(1));\n});\n`,
  noBody: test(`it('written later');`),
};
const PLAIN = { plain: test(`it('works', () => expect(1).toBe(1));`) };

const ruleIds = (messages: Linter.LintMessage[]) => messages.map((m) => `${m.ruleId} ${m.severity === 2 ? 'error' : 'warning'}`);

/**
 * The lint refuses committed tests that run alone (`.only`, `fit`) or are left out (`.skip`, `x`, a test without a
 * body): eslint-plugin-jest's no-focused-tests and no-disabled-tests, as errors, on test files and on the test kit
 * (eslint.config.mjs). A focused test makes CI run a fraction of the suite and pass; a skipped one is a check nobody runs.
 */
describe('focused and disabled tests in the lint', () => {
  let spec: Record<string, Linter.LintMessage[]>;
  let kit: Record<string, Linter.LintMessage[]>;

  beforeAll(async () => {
    const sources = { ...FOCUSED, ...DISABLED, ...PLAIN };
    spec = (await lintTexts('apps/recruiting-api/test/__focus_probe__.spec.ts', sources)).messages;
    kit = (await lintTexts('libs/testing/src/__focus_probe__.ts', sources)).messages;
  }, 120_000);

  it.each(Object.keys(FOCUSED))('refuses a focused test (%s) in a spec and in the test kit', (name) => {
    expect(ruleIds(spec[name])).toEqual(['jest/no-focused-tests error']);
    expect(ruleIds(kit[name])).toEqual(['jest/no-focused-tests error']);
  });

  it.each(Object.keys(DISABLED))('refuses a disabled test (%s) in a spec and in the test kit', (name) => {
    expect(ruleIds(spec[name])).toEqual(['jest/no-disabled-tests error']);
    expect(ruleIds(kit[name])).toEqual(['jest/no-disabled-tests error']);
  });

  it('accepts a plain test', () => {
    expect(spec.plain).toEqual([]);
    expect(kit.plain).toEqual([]);
  });
});
