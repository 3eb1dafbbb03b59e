import { builderErrorBody, raceContentErrorBody, recruitingErrorBody } from '@platform/contracts';
import type { ErrorBodyFormat } from '@platform/runtime';
import type { AppName } from './route-table';

/**
 * The answers the edge gives itself (an oversized body, a service not answering, ...), each in the error body of the
 * service behind the path, for the local proxy (Caddy) and the cluster's Envoy Gateway alike.
 */
export const EDGE_ERRORS: Record<number, { code: string; message: string }> = {
  400: { code: 'VALIDATION_FAILED', message: 'A GET or HEAD request takes no body' },
  404: { code: 'NOT_FOUND', message: 'No service serves this path' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than this route accepts' },
  422: { code: 'VALIDATION_FAILED', message: 'A GET or HEAD request takes no body' },
  502: { code: 'BAD_GATEWAY', message: 'The service is not answering' },
  503: { code: 'SERVICE_UNAVAILABLE', message: 'The service is not available' },
  504: { code: 'GATEWAY_TIMEOUT', message: 'The service did not answer in time' },
};

const BODIES: Record<string, ErrorBodyFormat> = {
  'recruiting-api': recruitingErrorBody,
  'survey-builder-api': builderErrorBody,
  'race-content-api': raceContentErrorBody,
  'ai-webhook': raceContentErrorBody,
};

/**
 * What a proxy fills in of a request-dependent field: its own placeholder, spliced into the JSON as it is (so it
 * must expand to JSON-safe text). A request id left out is left out of the body (it is optional in every service).
 */
export interface ErrorBodyFill {
  requestId?: string;
  path: string;
  method: string;
  time: string;
  /** Applied to the JSON text before the placeholders go in (e.g. escaping the proxy's own template syntax). */
  escape?: (json: string) => string;
}

/** The body an app's own filter would write for `status`, with the request-dependent fields left to the proxy. */
export function edgeErrorBody(app: AppName | undefined, status: number, fill: ErrorBodyFill): string {
  const { code, message } = EDGE_ERRORS[status];
  const format = (app && BODIES[app]) ?? raceContentErrorBody;
  const error = { code, message, ...(fill.requestId === undefined ? {} : { requestId: '@@RID@@' }) };
  const body = format(status, error, { url: '@@PATH@@', method: '@@METHOD@@' }) as Record<string, unknown>;
  if ('timestamp' in body) body.timestamp = '@@TIME@@';
  return (fill.escape ?? ((json: string) => json))(JSON.stringify(body))
    .replace('@@RID@@', fill.requestId ?? '')
    .replace('@@PATH@@', fill.path)
    .replace('@@METHOD@@', fill.method)
    .replace('@@TIME@@', fill.time);
}
