// Lints an OpenAPI document (JSON on stdin) with Redocly's recommended rules; prints the problems as JSON.
// A script of its own because @redocly/openapi-core is an ES module that Jest's CommonJS runtime cannot load.
import { createConfig, lintFromString } from '@redocly/openapi-core';

let source = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) source += chunk;
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source, absoluteRef: '/openapi.json', config });
process.stdout.write(
  JSON.stringify(
    problems
      .filter((p) => p.severity === 'error' || p.severity === 'warn')
      .map((p) => ({ severity: p.severity, rule: p.ruleId, message: p.message, where: p.location?.[0]?.pointer ?? '' })),
  ),
);
