import type { HeaderObject, OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const text = { type: 'string' } as const;

const REQUEST_ID: HeaderObject = {
  description: "The request's id: the client's `x-request-id` when well formed, else a new one; the same id is in the service's logs",
  schema: { ...text, example: '3f2c8a1e-7b4d-4c9a-9e12-5d6f8a0b1c2d' },
};
const RETRY_AFTER: HeaderObject = {
  description: 'On 429 and 503: the seconds to wait before trying again',
  schema: { type: 'integer', minimum: 0, example: 30 },
};
const DEPRECATION: HeaderObject = {
  description: 'The operation is deprecated since this date (RFC 9745); docs/operations/releases.md names its replacement',
  schema: { ...text, example: '@1767225600' },
};
const SUNSET: HeaderObject = {
  description: 'The date after which the operation is removed (RFC 8594), as an HTTP date',
  schema: { ...text, example: 'Tue, 01 Jun 2027 00:00:00 GMT' },
};
const ETAG: HeaderObject = {
  description: 'A weak validator of the answer: sent back in If-None-Match, it answers 304 while the answer is unchanged',
  schema: { ...text, example: 'W/"kq3b2V0ZW5kLXNsb3RzLWV4YW1wbGU"' },
};
const LOCATION: HeaderObject = { description: 'Where the browser goes next', schema: { ...text, format: 'uri' } };

/**
 * The response headers the platform sends, documented on the responses that carry them: the request id on every
 * answer, Retry-After on 429, 503 and the `default` errors, Deprecation and Sunset on every answer of a deprecated
 * operation, ETag on the success of an operation that answers 304, Location on redirects. The conformance check of
 * every test (libs/testing) fails on one of these sent where the document does not list it.
 */
export function withResponseHeaders(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation: OperationObject | undefined = item[method];
      if (!operation) continue;
      const revalidated = '304' in operation.responses;
      for (const [status, entry] of Object.entries(operation.responses)) {
        const response = entry as ResponseObject;
        const headers: Record<string, HeaderObject> = { 'X-Request-Id': REQUEST_ID };
        if (status === '429' || status === '503' || status === 'default') headers['Retry-After'] = RETRY_AFTER;
        if (operation.deprecated) Object.assign(headers, { Deprecation: DEPRECATION, Sunset: SUNSET });
        if (revalidated && (status === '200' || status === '304')) headers.ETag = ETAG;
        if (/^30[1278]$/.test(status) || status === '303') headers.Location = LOCATION;
        response.headers = { ...headers, ...response.headers };
      }
    }
  }
  return document;
}
