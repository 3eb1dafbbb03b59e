import type { SchemaObject } from '@platform/runtime';

/**
 * The failing field an error body's example shows (a validation failure of the service's own request), so the
 * examples of `message` and `details` read like an answer of that service.
 */
export interface ErrorExample {
  /** A dotted path into the request, as the validation pipe names it. */
  field: string;
  /** What is wrong with it, as the validation pipe words it. */
  message: string;
}

/** The `error` block every service's error body carries, with the service's own codes. */
function errorInfoSchema(codes: readonly string[], example: ErrorExample): SchemaObject {
  return {
    type: 'object',
    description: 'What went wrong: a stable code to branch on, a message to show, and the failing fields of invalid input',
    required: ['code', 'message'],
    properties: {
      code: { type: 'string', enum: [...codes], description: 'Stable machine code; branch on this, not on the message' },
      message: {
        type: 'string',
        description: 'Human-readable message in English; never internal details (stack traces, SQL)',
        example: `Invalid request: ${example.field}`,
      },
      details: {
        type: 'array',
        description: 'The failing input fields, for validation failures; absent for other errors',
        items: {
          type: 'object',
          required: ['field', 'message'],
          properties: {
            field: {
              type: 'string',
              description: 'Dotted path of the failing field in the request (`items.0.name` for a nested one)',
              example: example.field,
            },
            message: { type: 'string', description: 'What is wrong with that field', example: example.message },
          },
        },
      },
      requestId: {
        type: 'string',
        description: "The request's id, also sent as the x-request-id header: quote it when reporting a problem",
        example: '3f2c8a1e-7b4d-4c9a-9e12-5d6f8a0b1c2d',
      },
    },
  };
}

/** Survey builder: `{ok: false, error}`. */
export function builderErrorSchema(
  codes: readonly string[],
  example: ErrorExample = { field: 'title', message: 'title should not be null or undefined' },
): SchemaObject {
  return {
    type: 'object',
    description: "The survey builder's error body, `{ok: false, error}`, sent with every 4xx and 5xx answer",
    required: ['ok', 'error'],
    properties: {
      ok: { type: 'boolean', enum: [false], description: 'Always false on an error; true only in the success envelope' },
      error: errorInfoSchema(codes, example),
    },
  };
}

/** Race content and the AI webhook: `{error}`. */
export function raceContentErrorSchema(
  codes: readonly string[],
  example: ErrorExample = { field: 'opening_at', message: 'opening_at must be an integer number' },
): SchemaObject {
  return {
    type: 'object',
    description: 'The error body, `{error}`, sent with every 4xx and 5xx answer',
    required: ['error'],
    properties: { error: errorInfoSchema(codes, example) },
  };
}

/** Recruiting: the success envelope's frame with `success: false` and an `error` block. */
export function recruitingErrorSchema(
  codes: readonly string[],
  example: ErrorExample = { field: 'name', message: 'name should not be null or undefined' },
): SchemaObject {
  return {
    type: 'object',
    description: "Recruiting's error body: the success envelope's frame with `success: false`, sent with every 4xx and 5xx answer",
    required: ['success', 'status', 'statusCode', 'error', 'path', 'method', 'timestamp'],
    properties: {
      success: { type: 'boolean', enum: [false], description: 'Always false on an error' },
      status: { type: 'string', enum: ['error'], description: 'Always `error` on an error' },
      statusCode: { type: 'integer', description: 'The HTTP status of the answer, repeated in the body', example: 400 },
      error: errorInfoSchema(codes, example),
      path: { type: 'string', description: 'The requested path, without the query string', example: '/api/v1/projects' },
      method: { type: 'string', description: 'The HTTP method of the request', example: 'POST' },
      timestamp: {
        type: 'string',
        format: 'date-time',
        description: 'When the error was answered (ISO 8601, UTC)',
        example: '2026-12-01T01:00:00.000Z',
      },
    },
  };
}
