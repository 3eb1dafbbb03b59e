// Generates a client from each OpenAPI document given with the three generators console developers use:
// openapi-typescript (types), @hey-api/openapi-ts (types, SDK and its fetch client) and orval (fetch functions), each
// into <out>/<document>/<generator>. A script of its own because all three are ES modules that Jest's CommonJS
// runtime cannot load.  node libs/testing/src/conformance/openapi-generators.mjs <out> <document.json>...
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { generate } from 'orval';

const [out, ...documents] = process.argv.slice(2);
for (const document of documents) {
  const dir = join(out, basename(document, '.json'));
  await mkdir(join(dir, 'openapi-typescript'), { recursive: true });
  const types = await openapiTS(pathToFileURL(resolve(document)));
  await writeFile(join(dir, 'openapi-typescript', 'schema.ts'), astToString(types));
  await createClient({ input: document, output: join(dir, 'hey-api'), logs: { level: 'silent' } });
  await generate({ input: { target: document }, output: { target: join(dir, 'orval', 'client.ts'), client: 'fetch', mode: 'single' } });
}
