import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { OPENAPI_JSON_PATH, openApiFileText } from '@platform/runtime';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { exampleProblems, teachingGaps } from './openapi-teaching';
import { workspaceRoot } from '../workspace';

/** Where `npm run openapi` writes each HTTP app's document, as `<app>.json`. */
export const COMMITTED_OPENAPI_DIR = join(workspaceRoot, 'docs', 'openapi');

export function committedDocumentText(app: string): string {
  return readFileSync(join(COMMITTED_OPENAPI_DIR, `${app}.json`), 'utf8');
}

/** Every committed document, by app. */
export function committedDocuments(): Record<string, OpenAPIObject> {
  return Object.fromEntries(
    readdirSync(COMMITTED_OPENAPI_DIR)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(COMMITTED_OPENAPI_DIR, file), 'utf8'))]),
  );
}

/** The words an operation id may start with: what the operation does, as a console developer would call it. */
export const OPERATION_VERBS = [
  'add', 'archive', 'attach', 'cancel', 'change', 'check', 'confirm', 'copy', 'create', 'delete', 'duplicate', 'execute',
  'export', 'finish', 'generate', 'get', 'import', 'list', 'login', 'logout', 'ping', 'preview', 'refresh', 'regenerate',
  'rename', 'renumber', 'replace', 'report', 'rewrite', 'rollback', 'save', 'score', 'send', 'set', 'start', 'submit',
  'suggest', 'update', 'upload',
]; // prettier-ignore

/** Operations every app has from libs/runtime (the health probes): the same operation, so the same id, in each document. */
export const SHARED_OPERATION_IDS = ['getLiveness', 'getReadiness'];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function operations(document: OpenAPIObject): Array<{ where: string; id: string | undefined }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ where: `${method.toUpperCase()} ${path}`, id: item[method]!.operationId })),
  );
}

/**
 * What is wrong with the documents' operation ids: each must be there, camelCase, start with one of OPERATION_VERBS,
 * not be Nest's default (`UsersController_list`, `usersControllerList`), and be unique across all the documents
 * given (a combined client has no clashes), but for the shared health probes.
 */
export function operationIdProblems(documents: Record<string, OpenAPIObject>): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [app, document] of Object.entries(documents)) {
    for (const { where, id } of operations(document)) {
      const at = `${app} ${where}`;
      if (!id) {
        problems.push(`${at}: no operationId`);
        continue;
      }
      if (!/^[a-z][a-zA-Z0-9]*$/.test(id)) problems.push(`${at}: ${id} is not camelCase`);
      if (/controller/i.test(id)) problems.push(`${at}: ${id} is Nest's default pattern`);
      const verb = /^[a-z]+/.exec(id)?.[0];
      if (!verb || !OPERATION_VERBS.includes(verb)) problems.push(`${at}: ${id} does not start with a verb of OPERATION_VERBS`);
      const earlier = seen.get(id);
      if (earlier && !(SHARED_OPERATION_IDS.includes(id) && !earlier.startsWith(`${app} `)))
        problems.push(`${at}: ${id} is also ${earlier}`);
      seen.set(id, at);
    }
  }
  return problems;
}

/**
 * The committed document of an app (docs/openapi/<app>.json) is what its code produces, byte for byte, and its
 * operation ids follow the rules; `npm run openapi` rewrites the file.
 */
export function describeCommittedOpenApiDocument(app: string, build: () => Promise<OpenAPIObject>): void {
  describe(`docs/openapi/${app}.json`, () => {
    let document: OpenAPIObject;
    beforeAll(async () => {
      document = await build();
    });

    it('is what the code produces, without a database or broker (run npm run openapi after a change)', () => {
      expect(openApiFileText(document)).toBe(committedDocumentText(app));
    });

    it('gives every operation an explicit, unique, verb-first camelCase operationId', () => {
      expect(operationIdProblems({ [app]: document })).toEqual([]);
    });

    it('teaches: every schema and property described, every body and text or number field with an example (npm run openapi:gaps)', () => {
      expect(teachingGaps(document)).toEqual([]);
    });

    it('holds no example its own schema refuses', () => {
      expect(exampleProblems(document)).toEqual([]);
    });
  });
}

/** A running app serves its committed document at /openapi.json, the same bytes but for the file's indentation. */
export async function expectServedCommittedDocument(app: INestApplication, name: string): Promise<void> {
  const served = await request(app.getHttpServer()).get(OPENAPI_JSON_PATH).expect(200);
  expect(served.text).toBe(JSON.stringify(JSON.parse(committedDocumentText(name))));
}
