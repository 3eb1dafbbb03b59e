import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Linter } from 'eslint';
import { workspaceRoot } from '../src/harness';

const run = promisify(execFile);

/**
 * ESLint's Node API, as `npx eslint` uses it, in a process of its own: eslint.config.mjs is an ES module, which
 * Jest's module runtime cannot import. Prints everything else it prints (a rule's own warnings) before the
 * marker line.
 */
const LINT_TEXTS = `
const { ESLint } = require('eslint');
(async () => {
  const { cwd, filePath, sources } = JSON.parse(process.env.LINT_INPUT);
  const eslint = new ESLint({ cwd });
  const messages = {};
  for (const [name, source] of Object.entries(sources)) {
    const [result] = await eslint.lintText(source, { filePath });
    messages[name] = result.messages;
  }
  process.stdout.write('\\n@@messages@@' + JSON.stringify(messages));
})().catch((error) => { console.error(error); process.exit(1); });
`;

export const lintEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NX_DAEMON: 'false' });

/**
 * Lints each source as the repository's lint would lint a file at `path` (relative to the workspace; it need not
 * exist): the messages of each, and what ESLint printed besides.
 */
export async function lintTexts<K extends string>(
  path: string,
  sources: Record<K, string>,
): Promise<{ printed: string; messages: Record<K, Linter.LintMessage[]> }> {
  const input = JSON.stringify({ cwd: workspaceRoot, filePath: join(workspaceRoot, path), sources });
  const { stdout } = await run(process.execPath, ['-e', LINT_TEXTS], { cwd: workspaceRoot, env: { ...lintEnv(), LINT_INPUT: input } });
  const marker = stdout.lastIndexOf('@@messages@@');
  return { printed: stdout.slice(0, marker), messages: JSON.parse(stdout.slice(marker + '@@messages@@'.length)) };
}
