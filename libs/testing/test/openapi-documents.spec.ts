import type { OpenAPIObject } from '@nestjs/swagger';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMITTED_OPENAPI_DIR, committedDocuments, operationIdProblems } from '../src/conformance/openapi-documents';
import { workspaceRoot } from '../src/workspace';

const withIds = (...ids: string[]): OpenAPIObject =>
  ({
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: Object.fromEntries(ids.map((id, i) => [`/p${i}`, { get: { operationId: id, responses: {} } }])),
  }) as OpenAPIObject;

describe('the committed OpenAPI documents (docs/openapi)', () => {
  it('holds the four HTTP apps a console calls', () => {
    expect(Object.keys(committedDocuments()).sort()).toEqual(['ai-webhook', 'race-content-api', 'recruiting-api', 'survey-builder-api']);
  });

  it('name every operation once across all four documents (the health probes are the same operation in each)', () => {
    expect(operationIdProblems(committedDocuments())).toEqual([]);
  });

  it("refuses Nest's default ids, ids without a leading verb, and the same id in two documents", () => {
    expect(operationIdProblems({ a: withIds('UsersController_list', 'usersControllerList', 'candidates', 'listUsers') })).toEqual([
      'a GET /p0: UsersController_list is not camelCase',
      "a GET /p0: UsersController_list is Nest's default pattern",
      'a GET /p0: UsersController_list does not start with a verb of OPERATION_VERBS',
      "a GET /p1: usersControllerList is Nest's default pattern",
      'a GET /p1: usersControllerList does not start with a verb of OPERATION_VERBS',
      'a GET /p2: candidates does not start with a verb of OPERATION_VERBS',
    ]);
    expect(operationIdProblems({ a: withIds('listUsers', 'getLiveness'), b: withIds('getLiveness', 'listUsers') })).toEqual([
      'b GET /p1: listUsers is also a GET /p0',
    ]);
    expect(operationIdProblems({ a: withIds('getLiveness', 'getLiveness') })).toEqual(['a GET /p1: getLiveness is also a GET /p0']);
  });

  it('generate clients that type-check under tsc --strict with openapi-typescript, @hey-api/openapi-ts and orval', () => {
    const out = mkdtempSync(join(tmpdir(), 'openapi-generators-'));
    try {
      const files = Object.keys(committedDocuments()).map((app) => join(COMMITTED_OPENAPI_DIR, `${app}.json`));
      const generated = spawnSync(
        process.execPath,
        [join(workspaceRoot, 'libs/testing/src/conformance/openapi-generators.mjs'), out, ...files],
        {
          cwd: workspaceRoot,
          encoding: 'utf8',
        },
      );
      expect({ status: generated.status, stderr: generated.stderr }).toEqual({ status: 0, stderr: '' });
      writeFileSync(
        join(out, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            types: [],
          },
          include: ['**/*.ts'],
        }),
      );
      const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(out, 'tsconfig.json')], {
        encoding: 'utf8',
      });
      expect(tsc.stdout).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});
