import type { LoggerService } from '@nestjs/common';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * The one pino logger of a process: Fastify's request logs and Nest's logs share its JSON shape. Lines go to
 * stdout, or to `destination` (tests read an app's lines there). A line written inside a trace carries its
 * `trace_id` and `span_id`.
 */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = { level, base: { service }, mixin: traceFields };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The active span's ids, from the OpenTelemetry API alone (no SDK here): with tracing off there is never an active
 * span and the line is unchanged. Unsampled traces are named too: their ids still tie one request's lines across apps.
 * A new object every time: pino merges the line's fields into what the mixin returns.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const context = span.spanContext();
  if (!isSpanContextValid(context)) return {};
  return { trace_id: context.traceId, span_id: context.spanId };
}

/**
 * Nest's LoggerService on pino, from the first line of start-up, so even a failed start logs JSON.
 * Lines carry the Nest context (the class that logged) beside the message.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]): void {
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = rest.find((r) => typeof r === 'string' && r.includes('\n    at '));
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      // Structured call: logger.error({ err, requestId }, 'request failed').
      const text = typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
      this.logger[level]({ context, ...message }, text ?? '');
      return;
    }
    const text = message instanceof Error ? message.message : String(message);
    this.logger[level]({ context, ...(stack ? { stack } : {}) }, text);
  }
}
