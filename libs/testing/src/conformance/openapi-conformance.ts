import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { pipeline, Readable, Transform } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mergedAllOf, METRICS_PATH, OPENAPI_JSON_PATH, OPENAPI_UI_PATH } from '@platform/runtime';
import { DOCUMENTED_RESPONSE_HEADERS } from './openapi-teaching';

/** One real response that its operation's documented schema does not describe. */
export interface Violation {
  request: string;
  status: number;
  problem: string;
}

type Schema = Record<string, unknown>;

/**
 * The document as the checks read it: every object that lists its properties allows no others, so a field
 * a route answers but the document leaves out is a violation too (the served document stays as it is).
 */
function closedSchemas(node: unknown, document: OpenAPIObject): unknown {
  if (Array.isArray(node)) return node.map((item) => closedSchemas(item, document));
  if (node === null || typeof node !== 'object') return node;
  // An envelope and its data (allOf) are one object: closed part by part, each would refuse the other's fields.
  const merged = mergedAllOf(node as Schema, (part) => resolved(part, document));
  const copy: Schema = Object.fromEntries(Object.entries(merged).map(([key, value]) => [key, closedSchemas(value, document)]));
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

function resolved(schema: Schema, document: OpenAPIObject): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
  return (document.components?.schemas?.[ref.slice('#/components/schemas/'.length)] ?? schema) as Schema;
}

/** A body a route sent already encoded (the public slots), as its JSON text. */
function decoded(reply: FastifyReply, payload: Buffer): string {
  const coding = reply.getHeader('content-encoding');
  const bytes = coding === 'br' ? brotliDecompressSync(payload) : coding === 'gzip' ? gunzipSync(payload) : payload;
  return bytes.toString('utf8');
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Checks every response an app under test sends against the operation's documented response: the status
 * must be documented (or covered by `default`), and a JSON body must match its schema. Tests get this for
 * free through startTestApp; violations fail the test file when the app closes.
 */
export class OpenApiConformance {
  readonly violations: Violation[] = [];
  /** How many response bodies were validated against a schema. */
  checked = 0;
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenAPIObject) {
    addFormats(this.ajv);
    this.ajv.addSchema(closedSchemas(document, document) as Schema, 'openapi');
  }

  /**
   * Bodies are checked as the handler produced them (before Fastify's schema serializer, which would drop
   * undocumented fields and coerce types quietly); bodies sent already serialized are checked as sent.
   */
  attach(fastify: FastifyInstance): void {
    const checked = new WeakSet<FastifyRequest>();
    fastify.addHook('preSerialization', async (request, reply, payload) => {
      checked.add(request);
      this.check(request, reply, JSON.stringify(payload));
      return payload;
    });
    fastify.addHook('onSend', async (request, reply, payload) => {
      if (checked.has(request)) return payload;
      if (payload instanceof Readable) return this.checkedStream(request, reply, payload);
      this.check(request, reply, payload);
      return payload;
    });
  }

  /**
   * A JSON body sent as a stream (a streamed history) passes through as it is and is checked once it has ended whole,
   * as sent (like the answers a route serializes itself: its schema serializer has already dropped fields the document
   * does not list); one cut short (a failure after its first bytes, a client that left) is not an answer to check.
   * Other streams (files) are not JSON and pass unchecked.
   */
  private checkedStream(request: FastifyRequest, reply: FastifyReply, source: Readable): Readable {
    if (request.method === 'HEAD' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return source;
    const chunks: Buffer[] = [];
    const check = () => this.check(request, reply, Buffer.concat(chunks).toString('utf8'));
    const collector = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done(null, chunk);
      },
      flush(done) {
        check();
        done();
      },
    });
    pipeline(source, collector, () => undefined);
    return collector;
  }

  check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const path = request.url.split('?')[0];
    if (path === OPENAPI_JSON_PATH || path.startsWith(OPENAPI_UI_PATH) || path === METRICS_PATH) return;
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    const label = `${request.method} ${request.url.slice(0, 200)}`;
    const operationPath = route ? route.replace(/:(\w+)/g, '{$1}') : undefined;
    const operation = operationPath ? this.document.paths[operationPath]?.[request.method.toLowerCase() as 'get'] : undefined;
    if (route && !operation) {
      if (!route.includes('*'))
        this.violations.push({ request: label, status, problem: `undocumented operation ${request.method} ${operationPath}` });
      return;
    }
    // `default` stands for the errors an operation does not list one by one, never for a success.
    const key = operation
      ? operation.responses[String(status)]
        ? String(status)
        : status >= 400 && operation.responses.default
          ? 'default'
          : undefined
      : undefined;
    if (operation && !key) {
      this.violations.push({
        request: label,
        status,
        problem: `status ${status} is not documented for ${request.method} ${operationPath}`,
      });
      return;
    }
    if (operation) {
      const documented = Object.keys((operation.responses[key!] as { headers?: Record<string, unknown> }).headers ?? {}).map((h) =>
        h.toLowerCase(),
      );
      for (const header of DOCUMENTED_RESPONSE_HEADERS) {
        if (reply.getHeader(header) !== undefined && !documented.includes(header))
          this.violations.push({ request: label, status, problem: `the ${header} header is sent but status ${key} does not document it` });
      }
    }
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (!contentType.startsWith('application/json') || payload === undefined || payload === null || payload === '') return;
    const schemaPointer = operation
      ? `openapi#/${pointer('paths', operationPath!, request.method.toLowerCase(), 'responses', key!, 'content', 'application/json', 'schema')}`
      : this.document.components?.schemas?.ErrorBody
        ? 'openapi#/components/schemas/ErrorBody'
        : undefined;
    if (!schemaPointer) return;
    if (operation && !(operation.responses[key!] as { content?: Record<string, unknown> }).content?.['application/json']) {
      this.violations.push({ request: label, status, problem: `a JSON body is sent but status ${key} documents none` });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? decoded(reply, payload) : String(payload));
    } catch {
      this.violations.push({ request: label, status, problem: 'the body is not JSON' });
      return;
    }
    const validate = this.validator(schemaPointer);
    this.checked += 1;
    if (!validate(body)) {
      const problems = (validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      this.violations.push({ request: label, status, problem: problems.join('; ') });
    }
  }

  /** Throws when any response broke the document, listing the first of them. */
  assertNoViolations(): void {
    if (this.violations.length === 0) return;
    const lines = this.violations.slice(0, 10).map((v) => `  ${v.request} → ${v.status}: ${v.problem}`);
    throw new Error(`${this.violations.length} response(s) do not match the OpenAPI document:\n${lines.join('\n')}`);
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}
