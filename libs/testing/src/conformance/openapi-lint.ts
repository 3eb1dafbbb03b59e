import type { OpenAPIObject } from '@nestjs/swagger';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { workspaceRoot } from '../workspace';

export interface LintProblem {
  severity: 'error' | 'warn';
  rule: string;
  message: string;
  where: string;
}

/** Redocly's recommended rules over a document: what an OpenAPI linter in CI would report. */
export function lintOpenApi(document: OpenAPIObject): LintProblem[] {
  const run = spawnSync(process.execPath, [join(workspaceRoot, 'libs/testing/src/conformance/openapi-lint.mjs')], {
    cwd: workspaceRoot,
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the OpenAPI linter failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintProblem[];
}
