import type { SchemaObject } from '@platform/runtime';

/** The `error` block every service's error body carries, with the service's own codes. */
function errorInfoSchema(codes: readonly string[]): SchemaObject {
  return {
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: { type: 'string', enum: [...codes], description: 'Stable machine code' },
      message: { type: 'string', description: 'Human message; never internal details' },
      details: {
        type: 'array',
        description: 'The failing input fields, for validation failures',
        items: {
          type: 'object',
          required: ['field', 'message'],
          properties: { field: { type: 'string' }, message: { type: 'string' } },
        },
      },
      requestId: { type: 'string', description: 'Also sent as the x-request-id header' },
    },
  };
}

/** Survey builder: `{ok: false, error}`. */
export function builderErrorSchema(codes: readonly string[]): SchemaObject {
  return {
    type: 'object',
    required: ['ok', 'error'],
    properties: { ok: { type: 'boolean', enum: [false] }, error: errorInfoSchema(codes) },
  };
}

/** Race content and the AI webhook: `{error}`. */
export function raceContentErrorSchema(codes: readonly string[]): SchemaObject {
  return { type: 'object', required: ['error'], properties: { error: errorInfoSchema(codes) } };
}

/** Recruiting: the success envelope's frame with `success: false` and an `error` block. */
export function recruitingErrorSchema(codes: readonly string[]): SchemaObject {
  return {
    type: 'object',
    required: ['success', 'status', 'statusCode', 'error', 'path', 'method', 'timestamp'],
    properties: {
      success: { type: 'boolean', enum: [false] },
      status: { type: 'string', enum: ['error'] },
      statusCode: { type: 'integer' },
      error: errorInfoSchema(codes),
      path: { type: 'string' },
      method: { type: 'string' },
      timestamp: { type: 'string', format: 'date-time' },
    },
  };
}
