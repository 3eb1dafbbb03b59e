import type { OpenAPIObject } from '@nestjs/swagger';
import { exampleProblems, teachingGaps } from '../src/conformance/openapi-teaching';

/** A one-operation document whose body is `schema` with `example` (none when undefined). */
const documentOf = (schemas: Record<string, unknown>, example?: unknown): OpenAPIObject =>
  ({
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'From the login' } } },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          responses: {
            '201': {
              description: 'Created',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/Thing' }, ...(example !== undefined ? { example } : {}) },
              },
            },
          },
        },
      },
    },
  }) as unknown as OpenAPIObject;

const thing = (properties: Record<string, unknown>) => ({ Thing: { type: 'object', description: 'A thing', properties } });

describe('teachingGaps', () => {
  it('finds nothing in a document that teaches', () => {
    const document = documentOf(thing({ name: { type: 'string', description: 'Its name', example: 'Kiri' } }), { name: 'Kiri' });
    expect(teachingGaps(document)).toEqual([]);
  });

  it('names a schema, a property and a body without a description or an example, and a scheme that does not say how', () => {
    const document = documentOf({
      Thing: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer', description: 'cm' } } },
    });
    delete (document.components!.securitySchemes!.bearer as { description?: string }).description;
    expect(teachingGaps(document)).toEqual([
      'schema Thing: no description',
      'schema Thing.name: no description',
      'schema Thing.name: no example',
      'schema Thing.size: no example',
      'security scheme bearer: no description of how to obtain the credential',
      'POST /things 201 application/json: no example',
    ]);
  });

  it('needs no example of an enum, a boolean, a default or a self-explaining format', () => {
    const document = documentOf(
      thing({
        kind: { type: 'string', enum: ['a', 'b'], description: 'Kind' },
        on: { type: 'boolean', description: 'Whether on' },
        size: { type: 'integer', default: 3, description: 'Size' },
        at: { type: 'string', format: 'date-time', description: 'When' },
      }),
      { kind: 'a', on: true, size: 3, at: '2026-12-01T00:00:00Z' },
    );
    expect(teachingGaps(document)).toEqual([]);
  });
});

describe('exampleProblems', () => {
  it('refuses a body example or a property example its schema refuses, reading nullable as OpenAPI 3.0 means it', () => {
    const document = documentOf(
      thing({
        url: { type: 'string', pattern: '^https://', description: 'Where', example: 'ftp://x' },
        note: { type: 'string', nullable: true, description: 'A note', example: null },
      }),
      { url: 'https://example.org', note: 3 },
    );
    expect(exampleProblems(document)).toEqual([
      'schema Thing.url: the example does not match its schema (/ must match pattern "^https://")',
      'POST /things 201 application/json: the example does not match its schema (/note must be string,null)',
    ]);
  });
});
