import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * Formats whose value a reader needs no example for (a sampler draws a right one): a leaf of such a format, a
 * boolean, an enum or a constant is exempt from needing its own example.
 */
const SELF_EXPLAINING_FORMATS = new Set(['date-time', 'date', 'uuid', 'email', 'uri', 'binary']);

/** The response headers the platform sends that a console reads; each must be documented where it is sent. */
export const DOCUMENTED_RESPONSE_HEADERS = ['x-request-id', 'etag', 'location', 'retry-after', 'deprecation', 'sunset'] as const;

const isBinary = (schema: Json | undefined) =>
  !!schema && (schema.format === 'binary' || (schema.type === 'string' && typeof schema.contentMediaType === 'string'));

/**
 * What keeps a document from teaching (docs/decisions.md, "Documents that teach"): a named schema without a
 * description; a property without one (a property that is only a reference is described by what it names); a text or
 * number property with no example, default, enum or constant, whose example would be a placeholder; a request or
 * response body without an example; a security scheme that does not say how to obtain its credential.
 */
export function teachingGaps(document: OpenAPIObject): string[] {
  const gaps: string[] = [];
  const visit = (schema: unknown, where: string, isProperty: boolean): void => {
    if (!schema || typeof schema !== 'object') return;
    const node = schema as Json;
    if (typeof node.$ref === 'string') return;
    const onlyRef = Array.isArray(node.allOf) && node.allOf.length === 1 && typeof (node.allOf[0] as Json).$ref === 'string';
    if (isProperty && !onlyRef) {
      if (!node.description) gaps.push(`${where}: no description`);
      const leaf = node.type === 'string' || node.type === 'number' || node.type === 'integer';
      const explained =
        node.example !== undefined ||
        node.default !== undefined ||
        Array.isArray(node.enum) ||
        node.const !== undefined ||
        SELF_EXPLAINING_FORMATS.has(String(node.format));
      if (leaf && !explained) gaps.push(`${where}: no example`);
    } else if (isProperty && !node.description) gaps.push(`${where}: no description`);
    for (const [name, property] of Object.entries((node.properties as Json | undefined) ?? {})) visit(property, `${where}.${name}`, true);
    if (node.items) visit(node.items, `${where}[]`, false);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') visit(node.additionalProperties, `${where}{}`, false);
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((part, i) => visit(part, `${where}.${key}[${i}]`, false));
    }
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    if (!(schema as Json).description) gaps.push(`schema ${name}: no description`);
    visit(schema, `schema ${name}`, false);
  }
  for (const [name, scheme] of Object.entries(document.components?.securitySchemes ?? {})) {
    if (!(scheme as unknown as Json).description) gaps.push(`security scheme ${name}: no description of how to obtain the credential`);
  }
  for (const { where, media } of bodies(document)) {
    visit(media.schema, `${where} body`, false);
    if (media.example === undefined && !media.examples && !isBinary(media.schema as Json | undefined)) gaps.push(`${where}: no example`);
  }
  return gaps;
}

/** Every request and response body of the document, as `{where, media}`. */
function bodies(document: OpenAPIObject): Array<{ where: string; media: Json }> {
  const found: Array<{ where: string; media: Json }> = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const at = `${method.toUpperCase()} ${path}`;
      const request = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content ?? {};
      for (const [type, media] of Object.entries(request)) found.push({ where: `${at} request ${type}`, media });
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries((response as { content?: Record<string, Json> }).content ?? {}))
          found.push({ where: `${at} ${status} ${type}`, media });
      }
    }
  }
  return found;
}

/** OpenAPI 3.0's `nullable` as JSON Schema's type union, so ajv reads the schema as the document means it. */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const copy: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'example' ? value : asJsonSchema(value)]));
  if (copy.nullable === true) {
    delete copy.nullable;
    if (typeof copy.type === 'string') copy.type = [copy.type, 'null'];
    else return { anyOf: [copy, { type: 'null' }] };
    if (Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  }
  return copy;
}

/** Each example (of a body, of a property, of a named schema) that its own schema refuses, with ajv's reason. */
export function exampleProblems(document: OpenAPIObject): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ components: asJsonSchema(document.components ?? {}) } as Json, 'openapi');
  const refs = (node: unknown): unknown => JSON.parse(JSON.stringify(node).replace(/"#\/components\//g, '"openapi#/components/'));
  const problems: string[] = [];
  const check = (schema: unknown, example: unknown, where: string) => {
    const validate = ajv.compile(refs(asJsonSchema(schema)) as Json);
    if (!validate(example)) {
      const why = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
      problems.push(`${where}: the example does not match its schema (${why.join('; ')})`);
    }
  };
  const visit = (schema: unknown, where: string): void => {
    if (!schema || typeof schema !== 'object') return;
    const node = schema as Json;
    if (node.example !== undefined && typeof node.$ref !== 'string') {
      const { example, ...rest } = node;
      check(rest, example, where);
    }
    for (const [name, property] of Object.entries((node.properties as Json | undefined) ?? {})) visit(property, `${where}.${name}`);
    if (node.items) visit(node.items, `${where}[]`);
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) visit(schema, `schema ${name}`);
  for (const { where, media } of bodies(document)) {
    visit(media.schema, `${where} body`);
    if (media.example !== undefined && media.schema) check(media.schema, media.example, where);
    for (const [name, example] of Object.entries((media.examples as Record<string, Json> | undefined) ?? {}))
      check(media.schema, example.value, `${where} example ${name}`);
  }
  return problems;
}
