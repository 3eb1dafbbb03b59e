import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ResponseObject,
  type SchemaObject,
  type SecurityRequirementObject,
  type SecuritySchemeObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { PLATFORM_VERSION } from '../version';
import { withBodyExamples } from './openapi-examples';
import { withResponseHeaders } from './openapi-headers';

export type { OperationObject, ResponseObject, SchemaObject, SecurityRequirementObject, SecuritySchemeObject };

export interface OpenApiInfo {
  title: string;
  description: string;
  /** The security schemes the service's routes use, and the requirement that applies unless a route says otherwise. */
  security?: { schemes: Record<string, SecuritySchemeObject>; default: SecurityRequirementObject[] };
  /** The service's error body (components/schemas/ErrorBody): every operation's `default` response. */
  errorBody?: SchemaObject;
  /** The status malformed input gets from this service (race content answers 422, the others 400). */
  invalidInputStatus?: 400 | 422;
  /** Further named schemas the operations refer to. */
  schemas?: Record<string, SchemaObject>;
  /**
   * Completes each secured operation with what the service's guards add (recruiting and race content: the 403 of a role
   * below the route's); `errorResponse` is the service's error body with a description.
   */
  securedOperation?: (operation: OperationObject, method: string, errorResponse: (description: string) => ResponseObject) => void;
}

export const OPENAPI_JSON_PATH = '/openapi.json';
export const OPENAPI_UI_PATH = '/docs';

/** Marks an operation that needs no credentials; the document gives it `security: []`. */
export const PUBLIC_OPERATION_EXTENSION = 'x-public';

/**
 * Named schemas an operation refers to (a service's success envelope), as `{name: schema}`; the document moves them
 * to components/schemas, so a decorator can name a shape without each app listing it.
 */
export const COMPONENT_SCHEMAS_EXTENSION = 'x-component-schemas';

export const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

export const bearerScheme: SecuritySchemeObject = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' };
export const apiKeyHeaderScheme = (name: string, description?: string): SecuritySchemeObject => ({
  type: 'apiKey',
  in: 'header',
  name,
  ...(description ? { description } : {}),
});

/** The edge's origin when OPENAPI_SERVER_URL is not set: the local edge of scripts/up.sh. */
export const DEFAULT_OPENAPI_SERVER_URL = 'https://localhost:8443';

/** The edge origin a document names as its server (OPENAPI_SERVER_URL); the apps' paths already carry the edge's prefixes. */
export function openApiServerUrl(env: Record<string, string | undefined> = process.env): string {
  return env.OPENAPI_SERVER_URL || DEFAULT_OPENAPI_SERVER_URL;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const documents = new WeakMap<INestApplication, OpenAPIObject>();

/** The document an app serves (built once, at start-up). */
export function openApiDocumentOf(app: INestApplication): OpenAPIObject | undefined {
  return documents.get(app);
}

/**
 * Builds the document from the routes' decorators, then adds what holds for every operation of a service:
 * its security (public routes get none), its error body as the `default` response, the malformed-input
 * answer every route can give, and 401 on every secured route.
 */
export function buildOpenApiDocument(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(info.title)
    .setDescription(info.description)
    .setVersion(PLATFORM_VERSION)
    .setLicense('Proprietary', '')
    .addServer(openApiServerUrl(), 'The edge (OPENAPI_SERVER_URL; by default the local edge of scripts/up.sh)')
    .addServer('/', 'The origin serving this document');
  for (const [name, scheme] of Object.entries(info.security?.schemes ?? {})) builder.addSecurity(name, scheme);
  for (const requirement of info.security?.default ?? []) builder.addSecurityRequirements(requirement);
  const document = SwaggerModule.createDocument(app, builder.build());
  delete document.info.license?.url;
  const named: Record<string, SchemaObject> = {};
  for (const pathItem of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) Object.assign(named, completeOperation(operation, method, info));
    }
  }
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...named, ...info.schemas, ...(info.errorBody ? { ErrorBody: info.errorBody } : {}) },
  };
  return inStableOrder(withResponseHeaders(withBodyExamples(document)));
}

/**
 * The document with its paths and named schemas in alphabetical order, and each operation's responses by status,
 * so a change of module or decorator order leaves the committed files alone (everything else keeps its order:
 * properties are serialized in the order their schema lists them).
 */
function inStableOrder(document: OpenAPIObject): OpenAPIObject {
  const sorted = <T>(record: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) operation.responses = sorted(operation.responses);
    }
  }
  const components = document.components ?? {};
  return {
    ...document,
    paths: sorted(document.paths),
    components: {
      ...components,
      ...(components.schemas ? { schemas: sorted(components.schemas) } : {}),
      ...(components.securitySchemes ? { securitySchemes: sorted(components.securitySchemes) } : {}),
    },
  };
}

/** A document as committed under docs/openapi: 2-space JSON and a final newline. */
export function openApiFileText(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * An app's document without starting it: Nest's preview mode builds the module graph and reads the routes'
 * decorators without instantiating a provider, so nothing connects to a database, broker, Redis or S3.
 */
export function previewOpenApiDocument(module: Type<unknown> | DynamicModule, info: OpenApiInfo): Promise<OpenAPIObject> {
  return withPreviewApp(module, (app) => buildOpenApiDocument(app, info));
}

/** Runs `work` on an app built in Nest's preview mode (the module graph and decorators, no provider instantiated). */
export async function withPreviewApp<T>(
  module: Type<unknown> | DynamicModule,
  work: (app: INestApplication) => T | Promise<T>,
): Promise<T> {
  const app = await NestFactory.create(module, new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

/** Answers the named schemas the operation's decorators asked for (COMPONENT_SCHEMAS_EXTENSION). */
function completeOperation(operation: OperationObject, method: string, info: OpenApiInfo): Record<string, SchemaObject> {
  const extensions = operation as OperationObject & Record<string, unknown>;
  const isPublic = extensions[PUBLIC_OPERATION_EXTENSION] === true;
  const named = (extensions[COMPONENT_SCHEMAS_EXTENSION] ?? {}) as Record<string, SchemaObject>;
  delete extensions[PUBLIC_OPERATION_EXTENSION];
  delete extensions[COMPONENT_SCHEMAS_EXTENSION];
  if (isPublic) operation.security = [];
  if (!info.errorBody) return named;
  const error = (description: string): ResponseObject => ({
    description,
    content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
  });
  const responses = operation.responses;
  const invalid = String(info.invalidInputStatus ?? 400);
  responses[invalid] ??= error('The request is malformed: a parameter or the body is invalid');
  const secured = !isPublic && (operation.security ?? info.security?.default ?? []).length > 0;
  if (secured) responses['401'] ??= error('Credentials are missing or invalid');
  if (secured) info.securedOperation?.(operation, method, error);
  responses.default ??= error('Any other error, in the same body (5xx bodies never carry internal details)');
  return named;
}

type JsonSchema = Record<string, unknown>;

/** A schema with every `#/components/schemas/...` reference replaced by the schema it names. */
export function dereferenced(schema: unknown, document: OpenAPIObject, depth = 0): unknown {
  if (depth > 40) throw new Error('the OpenAPI schemas nest too deep to inline (a recursive schema?)');
  if (Array.isArray(schema)) return schema.map((item) => dereferenced(item, document, depth + 1));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    return dereferenced(document.components?.schemas?.[ref.slice('#/components/schemas/'.length)], document, depth + 1);
  }
  return mergedAllOf(Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, dereferenced(value, document, depth + 1)])));
}

/**
 * An `allOf` of object schemas (a named envelope and the operation's data) as the one object schema it means, for
 * readers that want plain objects (the response serializer, the closed schemas of the conformance checks); anything
 * else is returned as it is. `resolve` turns a part that is a reference into its schema.
 */
export function mergedAllOf(schema: JsonSchema, resolve: (part: JsonSchema) => JsonSchema = (part) => part): JsonSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = (schema.allOf as JsonSchema[]).map(resolve);
  if (!parts.every((part) => part?.type === 'object' && part.properties && !part.allOf)) return schema;
  const { allOf: _allOf, ...rest } = schema;
  return {
    ...rest,
    type: 'object',
    required: [...new Set(parts.flatMap((part) => (part.required as string[] | undefined) ?? []))],
    properties: Object.assign({}, ...parts.map((part) => part.properties)),
  };
}

/**
 * The documented JSON body of each operation's success statuses, as Fastify response schemas, keyed by
 * `METHOD /path/{param}`. Fastify serializes those bodies with a serializer compiled from the schema
 * (fast-json-stringify), several times faster than JSON.stringify on large answers, and a body can carry
 * nothing the document does not describe.
 */
export function successSchemas(document: OpenAPIObject): Map<string, Record<string, JsonSchema>> {
  const schemas = new Map<string, Record<string, JsonSchema>>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const byStatus: Record<string, JsonSchema> = {};
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = (response as ResponseObject).content?.['application/json']?.schema;
        if (/^2\d\d$/.test(status) && schema) byStatus[status] = dereferenced(schema, document) as JsonSchema;
      }
      if (Object.keys(byStatus).length) schemas.set(`${method.toUpperCase()} ${path}`, byStatus);
    }
  }
  return schemas;
}

/**
 * Each operation's security requirements (its own, or the document's default; `[]` for a public one), keyed by
 * `METHOD /path/{param}`: what the credential gate checks before a body is read.
 */
export function routeSecurity(document: OpenAPIObject): Map<string, SecurityRequirementObject[]> {
  const security = new Map<string, SecurityRequirementObject[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) security.set(`${method.toUpperCase()} ${path}`, operation.security ?? document.security ?? []);
    }
  }
  return security;
}

/** Serves the document as JSON and as a browsable UI on the app's own port. */
export function serveOpenApi(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const document = buildOpenApiDocument(app, info);
  documents.set(app, document);
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
  });
  return document;
}
