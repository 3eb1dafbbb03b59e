import type { MediaTypeObject, OpenAPIObject, OperationObject, RequestBodyObject, ResponseObject } from '@nestjs/swagger';
import { sample } from 'openapi-sampler';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The words an error code of each status carries, by preference, to pick the code an example of that status shows. */
const STATUS_CODE_WORDS: Record<string, RegExp[]> = {
  '400': [/VALIDATION/, /INVALID/, /BAD_REQUEST/],
  '401': [/UNAUTHENTICATED/, /UNAUTHORI[SZ]ED/, /TOKEN/],
  '403': [/FORBIDDEN/, /PERMISSION/],
  '404': [/NOT_FOUND/],
  '409': [/CONFLICT/, /ALREADY/, /DUPLICATE/],
  '413': [/TOO_LARGE/],
  '415': [/MEDIA_TYPE/],
  '422': [/VALIDATION/, /UNPROCESSABLE/, /INVALID/],
  '429': [/RATE_LIMIT/, /TOO_MANY/],
  '503': [/UNAVAILABLE/],
  default: [/INTERNAL/],
};

type Json = Record<string, unknown>;

/**
 * Every JSON and form body of the document with an example: the one its decorators gave, or one composed from
 * the examples, defaults and enums of its schema's properties by openapi-sampler (the sampler Redoc renders with), so
 * each property's `example` written beside its validation is what a reader sees in every body that carries it.
 * An error response's example names a code of its status (404 a NOT_FOUND code) rather than the enum's first.
 * Binary bodies (`format: binary`: images, uploaded files) carry none. The document tests validate every example
 * against its schema.
 */
export function withBodyExamples(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation: OperationObject | undefined = item[method];
      if (!operation) continue;
      const concrete = concretePath(path, operation);
      const exampleOf = (media: MediaTypeObject, status?: string, description?: string): void => {
        if (media.example !== undefined || media.examples || !media.schema || isBinary(media.schema as Json)) return;
        const example = sample(media.schema as never, { skipReadOnly: status === undefined, quiet: true }, document);
        media.example = status
          ? inFrame(example, { status, path: concrete, method, description }, document, media.schema as Json)
          : example;
      };
      for (const media of Object.values((operation.requestBody as RequestBodyObject | undefined)?.content ?? {})) exampleOf(media);
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values((response as ResponseObject).content ?? {}))
          exampleOf(media, status, (response as ResponseObject).description);
      }
    }
  }
  return document;
}

/** The operation's path with each path parameter's example in place of its name, where the parameter has one. */
function concretePath(path: string, operation: OperationObject): string {
  const examples = new Map<string, unknown>();
  for (const parameter of operation.parameters ?? []) {
    const p = parameter as { in?: string; name?: string; example?: unknown; schema?: { example?: unknown } };
    const example = p.example ?? p.schema?.example;
    if (p.in === 'path' && p.name && example !== undefined) examples.set(p.name, example);
  }
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => (examples.has(name) ? encodeURIComponent(String(examples.get(name))) : whole));
}

function isBinary(schema: Json): boolean {
  return schema.format === 'binary' || (schema.type === 'string' && typeof schema.contentMediaType === 'string');
}

/**
 * A response example in its operation's frame: an envelope's `statusCode`, `path` and `method` (recruiting's) are the
 * operation's own, and an error body's `error.code` is one of its status, its message the response's description, and
 * only a refused input (400, 422) lists failing fields.
 */
function inFrame(
  example: unknown,
  at: { status: string; path: string; method: string; description?: string },
  document: OpenAPIObject,
  schema: Json,
): unknown {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return example;
  const body = { ...(example as Json) };
  if (typeof body.statusCode === 'number' && /^\d{3}$/.test(at.status)) body.statusCode = Number(at.status);
  if (typeof body.method === 'string') body.method = at.method.toUpperCase();
  if (typeof body.path === 'string') body.path = at.path;
  const error = body.error as Json | undefined;
  if (at.status.startsWith('2') || !error || typeof error !== 'object') return body;
  const codes = errorCodes(schema, document);
  const code = (STATUS_CODE_WORDS[at.status] ?? []).map((word) => codes.find((candidate) => word.test(candidate))).find(Boolean);
  // Only a refused input lists its fields; any other error's message is what its status means for this operation.
  const { details, ...rest } = error;
  const listsFields = at.status === '400' || at.status === '422';
  return {
    ...body,
    error: {
      ...rest,
      ...(code ? { code } : {}),
      ...(at.description && !listsFields && at.status !== 'default' ? { message: at.description.split(/ \(|;/)[0] } : {}),
      ...(listsFields && details !== undefined ? { details } : {}),
    },
  };
}

function errorCodes(schema: Json, document: OpenAPIObject): string[] {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
  const resolved = (ref ? document.components?.schemas?.[ref] : schema) as Json | undefined;
  const error = (resolved?.properties as Json | undefined)?.error as Json | undefined;
  const code = (error?.properties as Json | undefined)?.code as Json | undefined;
  return Array.isArray(code?.enum) ? (code.enum as string[]) : [];
}
