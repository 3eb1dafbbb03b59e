import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ERROR_BODY_REF, type SchemaObject } from '@platform/runtime';

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

function documented(status: number, description: string, model: ResponseModel | null, wrap: (data: SchemaObject) => SchemaObject) {
  return applyDecorators(
    ApiExtraModels(...modelsOf(model)),
    ApiResponse({ status, description, schema: wrap(model === null ? { nullable: true } : schemaOf(model)) }),
  );
}

/** Survey builder success: `{ok: true, data}`. */
export function ApiBuilderResponse(status: number, model: ResponseModel, description: string) {
  return documented(status, description, model, (data) => ({
    type: 'object',
    required: ['ok', 'data'],
    properties: { ok: { type: 'boolean', enum: [true] }, data },
  }));
}

/** Recruiting success: the envelope, with `pagination` on paginated lists (model given as `[Dto]`). */
export function ApiRecruitingResponse(status: number, model: ResponseModel, description: string, options: { paginated?: boolean } = {}) {
  return documented(status, description, model, (data) => ({
    type: 'object',
    required: ['success', 'status', 'statusCode', 'data', 'path', 'method', 'timestamp', ...(options.paginated ? ['pagination'] : [])],
    properties: {
      success: { type: 'boolean', enum: [true] },
      status: { type: 'string', enum: ['success'] },
      statusCode: { type: 'integer' },
      data,
      ...(options.paginated
        ? {
            pagination: {
              type: 'object',
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
          }
        : {}),
      path: { type: 'string' },
      method: { type: 'string' },
      timestamp: { type: 'string', format: 'date-time' },
    },
  }));
}

/** Recruiting's public scheduling router: only `{data}`. */
export function ApiPublicDataResponse(status: number, model: ResponseModel, description: string) {
  return documented(status, description, model, (data) => ({ type: 'object', required: ['data'], properties: { data } }));
}

/** Race content: the resource itself, or a paged list `{list, current_page, total_count}` (model given as `[Dto]`). */
export function ApiRaceContentResponse(status: number, model: ResponseModel, description: string, options: { paged?: boolean } = {}) {
  return documented(status, description, model, (data) =>
    options.paged
      ? {
          type: 'object',
          required: ['list', 'current_page', 'total_count'],
          properties: { list: data, current_page: { type: 'integer' }, total_count: { type: 'integer' } },
        }
      : data,
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
