import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtension, ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { COMPONENT_SCHEMAS_EXTENSION, ERROR_BODY_REF, type SchemaObject } from '@platform/runtime';

/** What a response carries: a DTO class, an array of one (`[Dto]`), or a schema written out. */
export type ResponseModel = Type<unknown> | [Type<unknown>] | SchemaObject;

function modelsOf(model: ResponseModel | null): Type<unknown>[] {
  if (model === null) return [];
  if (Array.isArray(model)) return model;
  return typeof model === 'function' ? [model] : [];
}

/** A reference to a DTO's component schema, where a schema is expected. */
export function refTo(model: Type<unknown>): SchemaObject {
  return { $ref: getSchemaPath(model) } as SchemaObject;
}

export function schemaOf(model: ResponseModel): SchemaObject {
  if (Array.isArray(model)) return { type: 'array', items: refTo(model[0]) };
  if (typeof model === 'function') return refTo(model);
  return model;
}

/** A documented response; `named` are the shapes its schema refers to by name, which the document adds to its components. */
function documented(
  status: number,
  description: string,
  model: ResponseModel | null,
  wrap: (data: SchemaObject) => SchemaObject,
  named: Record<string, SchemaObject> = {},
) {
  return applyDecorators(
    ApiExtraModels(...modelsOf(model)),
    ...(Object.keys(named).length ? [ApiExtension(COMPONENT_SCHEMAS_EXTENSION, named)] : []),
    ApiResponse({ status, description, schema: wrap(describedAs(model === null ? { nullable: true } : schemaOf(model), description)) }),
  );
}

/**
 * The schema of what an envelope carries (`data`, `list`), described by the response's description where it says
 * nothing itself: a reference is described by what it names, an array or a written-out schema by the operation.
 */
function describedAs(schema: SchemaObject, description: string): SchemaObject {
  if ('$ref' in schema || schema.description) return schema;
  return { ...schema, description };
}

const schemaRef = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` }) as SchemaObject;

/** A named envelope with the operation's own fields: generators make one envelope type per service, not one per operation. */
function enveloped(envelope: string, required: string[], properties: Record<string, SchemaObject>): SchemaObject {
  return { allOf: [schemaRef(envelope), { type: 'object', required, properties }] };
}

const envelopes = (...names: string[]): Record<string, SchemaObject> => Object.fromEntries(names.map((name) => [name, ENVELOPES[name]]));

/** The envelopes and the pagination the services' operations refer to by name (components/schemas). */
const ENVELOPES: Record<string, SchemaObject> = {
  RecruitingSuccess: {
    type: 'object',
    description: "Recruiting's success envelope: every answer but the public scheduling API's carries `data` in it",
    required: ['success', 'status', 'statusCode', 'path', 'method', 'timestamp'],
    properties: {
      success: { type: 'boolean', enum: [true], description: 'Always true on success; false in the error body' },
      status: { type: 'string', enum: ['success'], description: 'Always `success` on success' },
      statusCode: { type: 'integer', description: 'The HTTP status of the answer, repeated in the body', example: 200 },
      path: { type: 'string', description: 'The requested path, without the query string', example: '/api/v1/projects' },
      method: { type: 'string', description: 'The HTTP method of the request', example: 'GET' },
      timestamp: {
        type: 'string',
        format: 'date-time',
        description: 'When the answer was made (ISO 8601, UTC)',
        example: '2026-12-01T01:00:00.000Z',
      },
    },
  },
  RecruitingPagination: {
    type: 'object',
    description: 'Where a page of a paginated list sits in the whole list',
    required: ['page', 'limit', 'totalCount', 'totalPages', 'hasNext', 'hasPrevious'],
    properties: {
      page: { type: 'integer', description: 'This page, from 1 (the `page` asked for)', example: 1 },
      limit: { type: 'integer', description: 'Items per page (the `limit` asked for)', example: 20 },
      totalCount: { type: 'integer', description: 'Items in the whole list, over all pages', example: 45 },
      totalPages: { type: 'integer', description: 'Pages in the whole list at this limit; 0 when the list is empty', example: 3 },
      hasNext: { type: 'boolean', description: 'Whether a later page exists', example: true },
      hasPrevious: { type: 'boolean', description: 'Whether an earlier page exists (false on page 1)', example: false },
    },
  },
  BuilderSuccess: {
    type: 'object',
    description: "The survey builder's success envelope: `{ok: true, data}`",
    required: ['ok'],
    properties: { ok: { type: 'boolean', enum: [true], description: 'Always true on success; false in the error body' } },
  },
  RaceContentPage: {
    type: 'object',
    description: "Race content's paged lists: `{list, current_page, total_count}`",
    required: ['current_page', 'total_count'],
    properties: {
      current_page: { type: 'integer', description: 'This page, from 1 (the `page` asked for)', example: 1 },
      total_count: { type: 'integer', description: 'Items matching the filters, over all pages', example: 42 },
    },
  },
};

/** Survey builder success: `{ok: true, data}`. */
export function ApiBuilderResponse(status: number, model: ResponseModel, description: string) {
  return documented(status, description, model, (data) => enveloped('BuilderSuccess', ['data'], { data }), envelopes('BuilderSuccess'));
}

/** Recruiting success: the envelope, with `pagination` on paginated lists (model given as `[Dto]`). */
export function ApiRecruitingResponse(status: number, model: ResponseModel, description: string, options: { paginated?: boolean } = {}) {
  return documented(
    status,
    description,
    model,
    (data) =>
      options.paginated
        ? enveloped('RecruitingSuccess', ['data', 'pagination'], { data, pagination: schemaRef('RecruitingPagination') })
        : enveloped('RecruitingSuccess', ['data'], { data }),
    options.paginated ? envelopes('RecruitingSuccess', 'RecruitingPagination') : envelopes('RecruitingSuccess'),
  );
}

/** Recruiting's public scheduling router: only `{data}`. */
export function ApiPublicDataResponse(status: number, model: ResponseModel, description: string) {
  return documented(status, description, model, (data) => ({ type: 'object', required: ['data'], properties: { data } }));
}

/** Race content: the resource itself, or a paged list `{list, current_page, total_count}` (model given as `[Dto]`). */
export function ApiRaceContentResponse(status: number, model: ResponseModel, description: string, options: { paged?: boolean } = {}) {
  return documented(
    status,
    description,
    model,
    (data) => (options.paged ? enveloped('RaceContentPage', ['list'], { list: data }) : data),
    options.paged ? envelopes('RaceContentPage') : {},
  );
}

/** A response without a body (204, or 202 where the spec says so). */
export function ApiEmptyResponse(status: number, description: string) {
  return ApiResponse({ status, description });
}

/** Error statuses a route answers, each with what it means there; the body is the service's ErrorBody. */
export function ApiErrorResponses(statuses: Record<number, string>) {
  return applyDecorators(
    ...Object.entries(statuses).map(([status, description]) =>
      ApiResponse({ status: Number(status), description, content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } } }),
    ),
  );
}
