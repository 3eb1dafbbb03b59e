import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Linter } from 'eslint';
import { workspaceRoot } from '../src/harness';
import { lintEnv, lintTexts } from './lint-texts';

const run = promisify(execFile);
const RULE = '@nx/enforce-module-boundaries';
// A file of libs/contracts (tags scope:shared, type:util) that does not exist: ESLint lints the text given.
const PROBE = 'libs/contracts/src/__boundary_probe__.ts';

const CASES = {
  testing: `import * as forbidden from '@platform/testing/harness';\n\nexport const probe = forbidden;\n`,
  otherScope: `import * as forbidden from '@platform/race-content-data';\n\nexport const probe = forbidden;\n`,
  dataAccess: `import * as forbidden from '@platform/persistence';\n\nexport const probe = forbidden;\n`,
  allowed: `import * as allowed from '@platform/auth';\n\nexport const probe = allowed;\n`,
};

/**
 * The lint refuses imports the Nx tags forbid (eslint.config.mjs). The rule reads Nx's cached project graph and,
 * when there is none (a fresh clone), only prints a warning and checks nothing; so the graph is computed first,
 * as scripts/test.sh does before `eslint .`.
 */
describe('module boundaries in the lint', () => {
  let printed: string;
  let messages: Record<keyof typeof CASES, Linter.LintMessage[]>;

  beforeAll(async () => {
    await run(process.execPath, [join(workspaceRoot, 'node_modules/.bin/nx'), 'show', 'projects'], { cwd: workspaceRoot, env: lintEnv() });
    ({ printed, messages } = await lintTexts(PROBE, CASES));
  }, 120_000);

  it('has a project graph to check against (no "rule will be skipped" warning)', () => {
    expect(printed).not.toMatch(/No cached ProjectGraph/);
  });

  it.each([
    ['the testing lib (type:testing)', 'testing'],
    ['a lib of another scope (scope:race-content)', 'otherScope'],
    ['a data-access lib (type:data-access)', 'dataAccess'],
  ] as const)('refuses an import of %s from a type:util lib', (_what, name) => {
    expect(messages[name]).toEqual([expect.objectContaining({ ruleId: RULE, severity: 2 })]);
  });

  it('accepts an import the tags allow (type:util, scope:shared)', () => {
    expect(messages.allowed).toEqual([]);
  });
});
