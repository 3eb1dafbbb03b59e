import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { BaseAppConfig } from '../config/env';
import { ConfigError } from '../config/load-config';
import { LIVENESS_PATH, READINESS_PATH } from '../health/health-paths';
import { createLogger, PinoNestLogger } from '../logging/logger';
import { REQUEST_ID_HEADER, requestIdFor } from '../logging/request-id';
import { type OpenApiInfo, serveOpenApi } from './openapi';

export interface HttpAppOptions {
  /** Names the service on every log line, from the first. */
  service: string;
  logLevel: string;
  host: string;
  port: number;
  openApi: OpenApiInfo;
  shutdownTimeoutMs: number;
  /** Largest request body accepted, in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  /** Paths whose requests are not logged (probes would drown everything else); the health probes always are. */
  quietPaths?: string[];
}

export type PlatformApp = NestFastifyApplication;

/** A served route, `METHOD /path/{param}`, as Fastify registered it. */
const registered = new WeakMap<INestApplication, string[]>();

/** Apps that are draining: their responses ask clients to close the connection. */
const draining = new WeakSet<INestApplication>();

export function registeredRoutes(app: INestApplication): string[] {
  return registered.get(app) ?? [];
}

/**
 * Builds an app the same way in production and in tests: Fastify with pino request logs (one line per
 * request, with its request id, also echoed as x-request-id), body limit, and the OpenAPI document.
 */
export async function createHttpApp(
  module: Type<unknown> | DynamicModule,
  options: Pick<HttpAppOptions, 'openApi' | 'bodyLimitBytes' | 'service' | 'logLevel' | 'quietPaths'>,
): Promise<PlatformApp> {
  const logger = createLogger(options.service, options.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Fastify's own two lines per request are off; the onResponse hook below writes one, skipping probes.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: (req: IncomingMessage) => requestIdFor(req.headers[REQUEST_ID_HEADER]),
    bodyLimit: options.bodyLimitBytes ?? 1_048_576,
    // Behind the ingress: the client address comes from X-Forwarded-For.
    trustProxy: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(logger),
    // The JSON parser is registered below; the apps take no URL-encoded forms.
    bodyParser: false,
    // Start-up errors reach runMain, which reports them in one line, instead of Nest printing and aborting.
    abortOnError: false,
  });

  const fastify = app.getHttpAdapter().getInstance();
  // Clients often send Content-Type: application/json on body-less POSTs (save, archive): an empty body is
  // no body. Anything else goes through Fastify's own parser and its prototype-poisoning checks.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  const routes: string[] = [];
  registered.set(app, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
  });
  const quiet = new Set([LIVENESS_PATH, READINESS_PATH, ...(options.quietPaths ?? [])]);
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Close waits for every connection; a keep-alive socket must not outlive the response it carried.
  fastify.addHook('onSend', async (_request, reply) => {
    if (draining.has(app)) reply.header('connection', 'close');
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (quiet.has(path)) return;
    request.log.info(
      { req: { method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });

  serveOpenApi(app, options.openApi);
  return app;
}

/**
 * Starts an app and stops it gracefully: on SIGTERM or SIGINT the HTTP server stops accepting, in-flight
 * requests finish, idle keep-alive sockets close, and every shutdown hook runs (queue consumers drain,
 * then connections close); then the process exits 0. A watchdog exits 1 if draining outlives the timeout.
 */
export async function startHttpApp(module: Type<unknown> | DynamicModule, options: HttpAppOptions): Promise<PlatformApp> {
  const app = await createHttpApp(module, options);
  const logger = app.getHttpAdapter().getInstance().log;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: draining`);
    draining.add(app);
    setTimeout(() => {
      logger.error(`shutdown did not finish within ${options.shutdownTimeoutMs} ms: exiting`);
      process.exit(1);
    }, options.shutdownTimeoutMs).unref();
    await app.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen(options.port, options.host);
  logger.info(`${options.service} listening on ${options.host}:${options.port}`);
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

export interface HttpMain<C extends BaseAppConfig> {
  service: string;
  loadConfig: () => C;
  module: (config: C) => DynamicModule;
  openApi: OpenApiInfo;
  quietPaths?: string[];
}

/** An app's whole main.ts: validate the environment, build the module, listen, drain on SIGTERM. */
export function runHttpMain<C extends BaseAppConfig>(main: HttpMain<C>): void {
  runMain(main.service, async () => {
    const config = main.loadConfig();
    await startHttpApp(main.module(config), {
      service: main.service,
      logLevel: config.logLevel,
      ...config.http,
      openApi: main.openApi,
      quietPaths: main.quietPaths,
      bodyLimitBytes: config.bodyLimitBytes,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
    });
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
