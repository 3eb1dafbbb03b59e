import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger, type Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorBodyFormat, MalformedInputError } from '@platform/runtime';
import { DomainError, type FieldProblem } from './domain-error';
import type { ErrorInfo } from './error-bodies';
import { codeForStatus, COMMON_ERROR_STATUS } from './error-codes';
import { isDependencyBusy, isDependencyUnavailable } from './dependency-errors';
import { multipartParseProblem } from './multipart-errors';

interface Failure {
  status: number;
  info: ErrorInfo;
  /** Seconds for a Retry-After header. */
  retryAfter?: number;
}

/** Messages of 5xx answers are replaced by this: internals never leave the server. */
const INTERNAL_MESSAGE = 'Internal server error';

/** The answer while a dependency is down, and when to try again. */
const DEPENDENCY_MESSAGE = 'A service this request needs is not available right now; try again shortly';
/** The answer when the request waited for a database connection (or its turn for one) past its bound. */
const BUSY_MESSAGE = 'The service is too busy to take this request right now; try again shortly';
const RETRY_AFTER_SECONDS = 2;

/**
 * The catch-all every service filter builds on: domain errors get the status of their code, Nest's HTTP
 * exceptions keep theirs, anything else is a logged 500 with its details hidden. The request id is in
 * every body and header.
 */
export abstract class ServiceExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ExceptionFilter');

  /** Every code the service answers with, and its status. */
  protected abstract readonly statusByCode: Readonly<Record<string, number>>;

  protected abstract readonly body: ErrorBodyFormat;

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const failure = this.describe(exception);
    failure.info.requestId = request.id;
    if (failure.status >= 500) {
      this.logger.error({ err: exception, requestId: failure.info.requestId, code: failure.info.code }, 'request failed');
    }
    if (reply.sent) return;
    if (failure.retryAfter) reply.header('retry-after', String(failure.retryAfter));
    reply.status(failure.status).send(this.body(failure.status, failure.info, { url: request.url, method: request.method }));
  }

  private describe(exception: unknown): Failure {
    if (exception instanceof DomainError) {
      // A domain error's message is written for the caller, including the 5xx codes a spec names.
      const status = this.statusByCode[exception.code] ?? COMMON_ERROR_STATUS.INTERNAL_ERROR;
      return failure(status, exception.code, exception.message, exception.details);
    }
    if (exception instanceof MalformedInputError) {
      // Refused at the edge (bad JSON, too deep, NUL, lone surrogates): a validation failure like any other.
      const status = this.statusByCode.VALIDATION_FAILED ?? 400;
      return failure(status, 'VALIDATION_FAILED', exception.message, [{ field: exception.field, message: exception.message }]);
    }
    const multipart = multipartParseProblem(exception);
    if (multipart) {
      // A form cut off or malformed on the wire, met while a handler read the file: malformed input, not a fault.
      return failure(this.statusByCode.VALIDATION_FAILED ?? 400, 'VALIDATION_FAILED', multipart, [{ field: 'body', message: multipart }]);
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return failure(status, codeForStatus(status), status < 500 ? messageOf(exception) : INTERNAL_MESSAGE);
    }
    const status = statusOfLibraryError(exception);
    if (status !== undefined) return failure(status, codeForStatus(status), (exception as Error).message);
    if (isDependencyUnavailable(exception)) {
      // A store or broker is down or restarting, or too busy to take the request within its bound: an outage or an
      // overload to ride out, not a fault of the request or the code.
      const message = isDependencyBusy(exception) ? BUSY_MESSAGE : DEPENDENCY_MESSAGE;
      return failure(503, 'SERVICE_UNAVAILABLE', message, undefined, RETRY_AFTER_SECONDS);
    }
    return failure(500, 'INTERNAL_ERROR', INTERNAL_MESSAGE);
  }
}

function failure(status: number, code: string, message: string, details?: FieldProblem[], retryAfter?: number): Failure {
  const info: ErrorInfo = { code, message };
  if (details?.length) info.details = details;
  return { status, info, ...(retryAfter ? { retryAfter } : {}) };
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/**
 * Errors raised before a route runs (Fastify's malformed JSON or oversized body, an unsupported content
 * type, multipart limits) carry a 4xx status of their own.
 */
function statusOfLibraryError(exception: unknown): number | undefined {
  if (!(exception instanceof Error)) return undefined;
  const status = (exception as { status?: unknown; statusCode?: unknown }).status ?? (exception as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** A filter class for a service's codes and body, for tests and small apps (services declare their own class). */
export function exceptionFilterFor(statusByCode: Readonly<Record<string, number>>, body: ErrorBodyFormat): Type<ExceptionFilter> {
  @Catch()
  class Filter extends ServiceExceptionFilter {
    protected readonly statusByCode = statusByCode;
    protected readonly body = body;
  }
  return Filter;
}
