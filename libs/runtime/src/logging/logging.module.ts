import { DynamicModule, Module } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { assignRequestId } from './request-id';

export interface LoggingOptions {
  /** The service name carried on every line. */
  service: string;
  level: string;
  /** Paths of probes whose requests are not logged (they would drown everything else). */
  quietPaths?: string[];
}

/** Headers whose values never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

/** Structured JSON logs through pino, one line per request with its request id. */
@Module({})
export class LoggingModule {
  static forRoot(options: LoggingOptions): DynamicModule {
    const quiet = new Set(options.quietPaths ?? []);
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: options.level,
            base: { service: options.service },
            genReqId: assignRequestId,
            redact: { paths: REDACTED, censor: '[redacted]' },
            autoLogging: { ignore: (req: IncomingMessage) => quiet.has((req.url ?? '').split('?')[0]) },
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
      ],
      exports: [LoggerModule],
    };
  }
}
