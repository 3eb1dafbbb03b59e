import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiDocumentOf } from '@platform/runtime';
import { documentedRoutes, servedRoutes } from '../harness/http-app';
import { lintOpenApi } from '../conformance/openapi-lint';
import { expectServedCommittedDocument } from '../conformance/openapi-documents';
import { openApiSchemaProblems } from '../conformance/openapi-schema';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Statuses that carry no body by their nature or by the specs' word (DELETE 204, redirects, bare 202s). */
const BODYLESS = new Set(['202', '204', '301', '302', '303', '307', '308']);

/** Operations without a summary, and success responses without a body schema. */
export function documentGaps(document: OpenAPIObject): string[] {
  const gaps: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (!operation.summary) gaps.push(`${method} ${path}: no summary`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2') || BODYLESS.has(status)) continue;
        const content = (response as { content?: Record<string, { schema?: unknown }> }).content;
        if (!content || !Object.values(content).every((c) => c.schema)) gaps.push(`${method} ${path} ${status}: no body schema`);
      }
    }
  }
  return gaps;
}

/**
 * Redocly's findings on a document, but the license's missing URL (the platform is proprietary, its license has a
 * name and no public URL to point at) and a server on localhost (the default server is the local edge of
 * scripts/up.sh, which is where a console developer calls it; OPENAPI_SERVER_URL names another).
 */
export function lintProblems(document: OpenAPIObject): string[] {
  return lintOpenApi(document)
    .filter((p) => p.rule !== 'info-license-strict' && p.rule !== 'no-server-example.com')
    .map((p) => `${p.severity} ${p.rule} ${p.where}: ${p.message}`);
}

/** Everything the document of a running app must be, in one call (for apps started inside a test). */
export async function expectTruthfulDocument(app: INestApplication): Promise<void> {
  const document = openApiDocumentOf(app)!;
  expect((await documentedRoutes(app)).sort()).toEqual(servedRoutes(app).sort());
  expect(lintProblems(document)).toEqual([]);
  expect(openApiSchemaProblems(document)).toEqual([]);
  expect(documentGaps(document)).toEqual([]);
}

/**
 * What every app's OpenAPI document must be: complete (every served route), clean under Redocly's
 * recommended rules, and describing the body of every success it documents.
 */
export function describeOpenApiDocument(
  app: () => INestApplication,
  options: {
    /** Path pairs a spec fixes that Redocly's no-ambiguous-paths flags (a static segment and a parameter), each as [a, b]. */
    specAmbiguousPaths?: Array<[string, string]>;
  } = {},
): void {
  const accepted = (options.specAmbiguousPaths ?? []).map(([a, b]) => `Found two ambiguous paths: \`${a}\` and \`${b}\`.`);
  describe('its OpenAPI document', () => {
    const document = (): OpenAPIObject => openApiDocumentOf(app())!;

    it('describes every route the app serves, and nothing else', async () => {
      expect((await documentedRoutes(app())).sort()).toEqual(servedRoutes(app()).sort());
    });

    it("passes Redocly's recommended rules with no errors and no warnings", () => {
      expect(lintProblems(document()).filter((p) => !(p.includes(' no-ambiguous-paths ') && accepted.some((a) => p.endsWith(a))))).toEqual(
        [],
      );
    });

    it('is valid against the official OpenAPI 3.0 JSON schema', () => {
      expect(openApiSchemaProblems(document())).toEqual([]);
    });

    it('gives every operation a summary and the schema of each success body', () => {
      expect(documentGaps(document())).toEqual([]);
    });

    it('is served as committed in docs/openapi/<app>.json (npm run openapi)', async () => {
      await expectServedCommittedDocument(app(), document().info.title);
    });
  });
}
