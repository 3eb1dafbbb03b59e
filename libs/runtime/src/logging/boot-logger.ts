import type { LoggerService } from '@nestjs/common';
import pino from 'pino';

/**
 * Nest's logger from the first line of start-up until the app's request logger takes over, so even a
 * failed start logs JSON. Same shape as the request logger's lines: level, time, service, context, msg.
 */
export function bootLogger(service: string, level: string): LoggerService {
  const logger = pino({ level, base: { service } });
  const write =
    (method: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal') =>
    (message: unknown, ...rest: unknown[]) => {
      const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
      const stack = rest.find((r) => typeof r === 'string' && r.includes('\n    at '));
      logger[method]({ context, ...(stack ? { stack } : {}) }, message instanceof Error ? message.message : String(message));
    };
  return {
    log: write('info'),
    error: write('error'),
    warn: write('warn'),
    debug: write('debug'),
    verbose: write('trace'),
    fatal: write('fatal'),
  };
}
