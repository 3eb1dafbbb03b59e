import type { OpenAPIObject } from '@nestjs/swagger';
import { DEFAULT_OPENAPI_SERVER_URL, dereferenced, mergedAllOf, openApiFileText, openApiServerUrl } from './openapi';

const frame = { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', enum: [true] } } };
const document = { components: { schemas: { BuilderSuccess: frame } } } as unknown as OpenAPIObject;

describe('mergedAllOf', () => {
  it('makes an envelope and its data one object: the properties of both, each required field once', () => {
    const data = { type: 'object', required: ['ok', 'data'], properties: { data: { type: 'string' } } };
    expect(mergedAllOf({ allOf: [frame, data], description: 'd' })).toEqual({
      description: 'd',
      type: 'object',
      required: ['ok', 'data'],
      properties: { ok: { type: 'boolean', enum: [true] }, data: { type: 'string' } },
    });
  });

  it('resolves a part that is a reference with the resolver given', () => {
    const merged = mergedAllOf(
      { allOf: [{ $ref: '#/components/schemas/BuilderSuccess' }, { type: 'object', properties: {} }] },
      () => frame,
    );
    expect(merged).toMatchObject({ type: 'object', required: ['ok'] });
  });

  it('leaves alone what is not an allOf of objects: a oneOf, an allOf with a string, a part it cannot resolve', () => {
    for (const schema of [
      { oneOf: [frame, frame] },
      { allOf: [frame, { type: 'string' }] },
      { allOf: [{ $ref: '#/components/schemas/Missing' }, frame] },
    ]) {
      expect(mergedAllOf(schema)).toBe(schema);
    }
  });
});

describe('dereferenced', () => {
  it('inlines named envelopes and merges them with the data, as the response serializer wants them', () => {
    const schema = {
      allOf: [
        { $ref: '#/components/schemas/BuilderSuccess' },
        { type: 'object', required: ['data'], properties: { data: { type: 'integer' } } },
      ],
    };
    expect(dereferenced(schema, document)).toEqual({
      type: 'object',
      required: ['ok', 'data'],
      properties: { ok: { type: 'boolean', enum: [true] }, data: { type: 'integer' } },
    });
  });
});

describe('openApiServerUrl', () => {
  it('is OPENAPI_SERVER_URL, or the local edge when it is unset or empty', () => {
    expect(openApiServerUrl({ OPENAPI_SERVER_URL: 'https://api.example.org' })).toBe('https://api.example.org');
    expect(openApiServerUrl({ OPENAPI_SERVER_URL: '' })).toBe(DEFAULT_OPENAPI_SERVER_URL);
    expect(openApiServerUrl({})).toBe('https://localhost:8443');
  });
});

describe('openApiFileText', () => {
  it('is 2-space JSON with a final newline', () => {
    expect(openApiFileText({ openapi: '3.0.0' } as OpenAPIObject)).toBe('{\n  "openapi": "3.0.0"\n}\n');
  });
});
