import type { UrlRedaction } from '../logging/url-redaction';
import type { OpenApiInfo } from './openapi';

/** The parts of an error every service's error body carries. */
export interface ErrorSummary {
  code: string;
  message: string;
  details?: Array<{ field: string; message: string }>;
  requestId?: string;
}

/**
 * A service's error body: one shape per service (recruiting, builder, race content), used by its exception
 * filter and by the HTTP layer for errors that arise before any route (malformed HTTP, oversize headers).
 */
export type ErrorBodyFormat = (status: number, error: ErrorSummary, request: { url: string; method: string }) => object;

/** The body of an app that names no format of its own (workers' probes): `{error: {...}}`. */
export const genericErrorBody: ErrorBodyFormat = (_status, error) => ({ error });

/** What an app shows over HTTP: its OpenAPI document and its error body, and what its request log hides. */
export interface HttpSurface {
  openApi: OpenApiInfo;
  errorBody?: ErrorBodyFormat;
  /** Secrets in its URLs, logged as fingerprints (login codes and state are hidden in every app). */
  logRedaction?: UrlRedaction;
}
