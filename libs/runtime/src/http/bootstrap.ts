import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { ConfigError } from '../config/load-config';
import { bootLogger } from '../logging/boot-logger';
import { type OpenApiInfo, serveOpenApi } from './openapi';

export interface HttpAppOptions {
  /** Names the service on every log line, from the first. */
  service: string;
  logLevel: string;
  host: string;
  port: number;
  openApi: OpenApiInfo;
  shutdownTimeoutMs: number;
  /** Largest JSON or urlencoded body accepted, e.g. '1mb'. */
  bodyLimit?: string;
}

/** Applies what every app needs, in production and in tests alike: logger, body limits, OpenAPI. */
export async function createHttpApp(
  module: Type<unknown> | DynamicModule,
  options: Pick<HttpAppOptions, 'openApi' | 'bodyLimit' | 'service' | 'logLevel'>,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, {
    logger: bootLogger(options.service, options.logLevel),
    bodyParser: false,
    // Start-up errors reach runMain, which reports them in one line, instead of Nest printing and aborting.
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.useBodyParser('json', { limit: options.bodyLimit ?? '1mb' });
  app.useBodyParser('urlencoded', { limit: options.bodyLimit ?? '1mb', extended: true });
  app.disable('x-powered-by');
  serveOpenApi(app, options.openApi);
  return app;
}

/**
 * Starts an app and stops it gracefully: on SIGTERM or SIGINT the HTTP server stops accepting, in-flight
 * requests finish, idle keep-alive sockets close, and every shutdown hook runs (queue consumers drain,
 * then connections close); then the process exits 0. A watchdog exits 1 if draining outlives the timeout.
 */
export async function startHttpApp(
  module: Type<unknown> | DynamicModule,
  options: HttpAppOptions,
): Promise<INestApplication> {
  const app = await createHttpApp(module, options);
  const logger = app.get(Logger);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: draining`);
    setTimeout(() => {
      logger.error(`shutdown did not finish within ${options.shutdownTimeoutMs} ms: exiting`);
      process.exit(1);
    }, options.shutdownTimeoutMs).unref();
    await app.close();
    logger.log('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen(options.port, options.host);
  logger.log(`${options.service} listening on ${options.host}:${options.port}`);
  return app;
}

/**
 * Runs an app's entry point. A failure before the app is up (bad configuration, a dependency that does not
 * answer) ends the process with one JSON log line and exit code 1, never a hang or a stack trace dump.
 */
export function runMain(service: string, main: () => Promise<unknown>): void {
  logWarningsAsJson(service);
  main().catch((error: unknown) => {
    const reason = error instanceof ConfigError ? error.message : `start-up failed: ${describe(error)}`;
    writeJsonLine(60, service, reason);
    process.exit(1);
  });
}

function writeJsonLine(level: number, service: string, msg: string): void {
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), service, msg })}\n`);
}

/** Process warnings (deprecations, a library's notices) become JSON lines like every other log line. */
function logWarningsAsJson(service: string): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => writeJsonLine(40, service, `${warning.name}: ${warning.message.split('\n')[0]}`));
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0];
  return String(error);
}
