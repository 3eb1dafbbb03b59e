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
    ApiResponse({ status, description, schema: wrap(model === null ? { nullable: true } : schemaOf(model)) }),
  );
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
      success: { type: 'boolean', enum: [true] },
      status: { type: 'string', enum: ['success'] },
      statusCode: { type: 'integer' },
      path: { type: 'string' },
      method: { type: 'string' },
      timestamp: { type: 'string', format: 'date-time' },
    },
  },
  RecruitingPagination: {
    type: 'object',
    description: 'Where a page of a paginated list sits in the whole list',
    required: ['page', 'limit', 'totalCount', 'totalPages', 'hasNext', 'hasPrevious'],
    properties: {
      page: { type: 'integer' },
      limit: { type: 'integer' },
      totalCount: { type: 'integer' },
      totalPages: { type: 'integer' },
      hasNext: { type: 'boolean' },
      hasPrevious: { type: 'boolean' },
    },
  },
  BuilderSuccess: {
    type: 'object',
    description: "The survey builder's success envelope: `{ok: true, data}`",
    required: ['ok'],
    properties: { ok: { type: 'boolean', enum: [true] } },
  },
  RaceContentPage: {
    type: 'object',
    description: "Race content's paged lists: `{list, current_page, total_count}`",
    required: ['current_page', 'total_count'],
    properties: { current_page: { type: 'integer' }, total_count: { type: 'integer' } },
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
