import type { INestApplication } from '@nestjs/common';
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

export type { OperationObject, SchemaObject, SecurityRequirementObject, SecuritySchemeObject };

export interface OpenApiInfo {
  title: string;
  description: string;
  version?: string;
  /** The security schemes the service's routes use, and the requirement that applies unless a route says otherwise. */
  security?: { schemes: Record<string, SecuritySchemeObject>; default: SecurityRequirementObject[] };
  /** The service's error body (components/schemas/ErrorBody): every operation's `default` response. */
  errorBody?: SchemaObject;
  /** The status malformed input gets from this service (race content answers 422, the others 400). */
  invalidInputStatus?: 400 | 422;
  /** Further named schemas the operations refer to. */
  schemas?: Record<string, SchemaObject>;
}

export const OPENAPI_JSON_PATH = '/openapi.json';
export const OPENAPI_UI_PATH = '/docs';

/** Marks an operation that needs no credentials; the document gives it `security: []`. */
export const PUBLIC_OPERATION_EXTENSION = 'x-public';

export const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

export const bearerScheme: SecuritySchemeObject = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' };
export const apiKeyHeaderScheme = (name: string, description?: string): SecuritySchemeObject => ({
  type: 'apiKey',
  in: 'header',
  name,
  ...(description ? { description } : {}),
});

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
    .setVersion(info.version ?? '1')
    .setLicense('Proprietary', '')
    .addServer('/', 'The origin serving this document: behind the ingress, or the local gateway (scripts/up.sh)');
  for (const [name, scheme] of Object.entries(info.security?.schemes ?? {})) builder.addSecurity(name, scheme);
  for (const requirement of info.security?.default ?? []) builder.addSecurityRequirements(requirement);
  const document = SwaggerModule.createDocument(app, builder.build());
  delete document.info.license?.url;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...info.schemas, ...(info.errorBody ? { ErrorBody: info.errorBody } : {}) },
  };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) completeOperation(operation, info);
    }
  }
  return document;
}

function completeOperation(operation: OperationObject, info: OpenApiInfo): void {
  const extensions = operation as OperationObject & Record<string, unknown>;
  const isPublic = extensions[PUBLIC_OPERATION_EXTENSION] === true;
  delete extensions[PUBLIC_OPERATION_EXTENSION];
  if (isPublic) operation.security = [];
  if (!info.errorBody) return;
  const error = (description: string): ResponseObject => ({
    description,
    content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
  });
  const responses = operation.responses;
  const invalid = String(info.invalidInputStatus ?? 400);
  responses[invalid] ??= error('The request is malformed: a parameter or the body is invalid');
  const secured = !isPublic && (operation.security ?? info.security?.default ?? []).length > 0;
  if (secured) responses['401'] ??= error('Credentials are missing or invalid');
  responses.default ??= error('Any other error, in the same body (5xx bodies never carry internal details)');
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
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, dereferenced(value, document, depth + 1)]));
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
