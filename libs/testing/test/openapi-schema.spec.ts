import { openApiSchemaProblems } from '../src/conformance';

const document = (schema: object) => ({
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/v1/medias/{id}': {
      put: {
        requestBody: { content: { 'multipart/form-data': { schema } } },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});

describe('openApiSchemaProblems (the official OpenAPI 3.0 schema)', () => {
  it('accepts a valid document', () => {
    expect(openApiSchemaProblems(document({ type: 'object', properties: { file: { type: 'string', format: 'binary' } } }))).toEqual([]);
  });

  it('refuses an empty required list, which Redocly lets through and client generators refuse', () => {
    const problems = openApiSchemaProblems(document({ type: 'object', required: [], properties: {} }));
    expect(problems).toContainEqual(expect.stringMatching(/schema\/required must NOT have fewer than 1 items/));
  });

  it('refuses a document without its version or paths', () => {
    expect(openApiSchemaProblems({ info: { title: 't', version: '1' } })).toEqual(
      expect.arrayContaining([expect.stringMatching(/must have required property 'openapi'/), expect.stringMatching(/'paths'/)]),
    );
  });
});
