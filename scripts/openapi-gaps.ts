// Lists what keeps each app's OpenAPI document from teaching (descriptions, examples, examples that break their
// schema), built from the code as `npm run openapi` would, without writing anything. The document tests fail on the same.
//   npm run openapi:gaps                      (every app)
//   npm run openapi:gaps -- recruiting-api    (one app; LIMIT=0 prints every finding)
import 'reflect-metadata';
import { exampleProblems, teachingGaps } from '../libs/testing/src/conformance/openapi-teaching';
import { OPENAPI_APPS } from './lib/openapi-documents';

async function main(): Promise<number> {
  const apps = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(OPENAPI_APPS);
  const limit = Number(process.env.LIMIT ?? 40) || Infinity;
  let total = 0;
  for (const app of apps) {
    const build = OPENAPI_APPS[app];
    if (!build) throw new Error(`no such app: ${app} (one of ${Object.keys(OPENAPI_APPS).join(', ')})`);
    const document = await build();
    const findings = [...teachingGaps(document), ...exampleProblems(document)];
    total += findings.length;
    console.log(`${app}: ${findings.length} finding(s)`);
    for (const finding of findings.slice(0, limit)) console.log(`  ${finding}`);
  }
  return total;
}

main().then(
  (total) => process.exit(total ? 1 : 0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
