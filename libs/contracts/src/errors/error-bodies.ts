import { type ErrorBodyFormat, pathOf } from '@platform/runtime';
import type { FieldProblem } from './domain-error';

/** What every error body carries, whatever the service: a stable code, a human message, the failing fields. */
export interface ErrorInfo {
  code: string;
  message: string;
  details?: FieldProblem[];
  /** The request id, also sent as the x-request-id header, to find the request in the logs. */
  requestId?: string;
}

/** Recruiting's error body: the success envelope's frame with `success: false` and an `error` block. */
export interface RecruitingErrorBody {
  success: false;
  status: 'error';
  statusCode: number;
  error: ErrorInfo;
  path: string;
  method: string;
  timestamp: string;
}

/** Survey builder's error body. */
export interface BuilderErrorBody {
  ok: false;
  error: ErrorInfo;
}

/** Race content's (and the AI webhook's) error body. */
export interface RaceContentErrorBody {
  error: ErrorInfo;
}

export const recruitingErrorBody: ErrorBodyFormat = (status, error, request): RecruitingErrorBody => ({
  success: false,
  status: 'error',
  statusCode: status,
  error,
  path: pathOf(request.url),
  method: request.method,
  timestamp: new Date().toISOString(),
});

export const builderErrorBody: ErrorBodyFormat = (_status, error): BuilderErrorBody => ({ ok: false, error });

export const raceContentErrorBody: ErrorBodyFormat = (_status, error): RaceContentErrorBody => ({ error });
