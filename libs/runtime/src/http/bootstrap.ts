import { startDraining } from '../health/draining';
import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import fastJson from 'fast-json-stringify';
import type { DestinationStream } from 'pino';
import type { BaseAppConfig } from '../config/env';
import { ConfigError } from '../config/load-config';
import { LIVENESS_PATH, READINESS_PATH } from '../health/health-paths';
import { createLogger, PinoNestLogger } from '../logging/logger';
import { REQUEST_ID_HEADER, requestIdFor } from '../logging/request-id';
import { lazyRequestLogger } from '../logging/request-logger';
import { flushTraces } from '../logging/trace-flush';
import { redactUrl } from '../logging/url-redaction';
import { pathOf } from './paths';
import { genericErrorBody, type HttpSurface } from './error-body';
import { assertCleanInput, assertJsonShape, MalformedInputError } from './input-guard';
import { BODYLESS_METHODS, bodyRefusal, registerParameterChecks } from './input-hooks';
import { instrumentRequests } from './http-metrics';
import { registerCompression } from './compression';
import { registerMultipart } from './multipart';
import { traceRequests } from './request-spans';
import { routeSecurity, type SecurityRequirementObject, serveOpenApi, successSchemas } from './openapi';
import { bodyLimitOf, DEFAULT_ROUTE_BODY_LIMIT_BYTES, type RouteBodyLimits } from './body-limit';
import { CREDENTIAL_CHECKS, type CredentialChecks, credentialGate } from './credential-gate';
import { bodyToSend } from './serialized-body';
import { DRAIN_LIMITS, type DrainLimits, holdUntilDrained } from './drain';
import { answerClientError } from './client-errors';
import { dropGlobalEnhancers, type RequestPathPiece } from './request-path';
import { METRICS_PATH, startProcessMetrics } from '../metrics/metrics';

export interface HttpAppOptions extends HttpSurface {
  /** Names the service on every log line, from the first. */
  service: string;
  logLevel: string;
  host: string;
  port: number;
  shutdownTimeoutMs: number;
  /** After SIGTERM, how long readiness answers 503 while requests are still served, before the server stops accepting. */
  shutdownDelayMs?: number;
  /** Request body limits per route (libs/routing's table; default 1 MiB on every route). */
  bodyLimits?: RouteBodyLimits;
  /** Paths whose requests are not logged (probes would drown everything else); the health probes always are. */
  quietPaths?: string[];
  /** Proxies between the client and the app (TRUSTED_PROXY_HOPS; one, the edge, by default). */
  trustedProxyHops?: number;
  /** GET /metrics and the request and runtime metrics (default on; METRICS_ENABLED). */
  metrics?: boolean;
  /** How much of a refused body is read and discarded after the answer, and for how long (DRAIN_LIMITS by default). */
  drainLimits?: DrainLimits;
  /** Pieces of the request path left out: set only by bench:request-path's entry point, to measure each (request-path.ts). */
  without?: ReadonlySet<RequestPathPiece>;
}

export type PlatformApp = NestFastifyApplication;

/** The longest path segment a route parameter may hold; longer ones answer 414 (docs/decisions.md). */
export const MAX_PARAM_LENGTH = 500;

/** A served route, `METHOD /path/{param}`, as Fastify registered it. */
const registered = new WeakMap<INestApplication, string[]>();

/** The body limit of each served route that reads a body, `METHOD /path/{param}` to bytes. */
const bodyLimitsByApp = new WeakMap<INestApplication, Map<string, number>>();

/** Apps that are draining: their responses ask clients to close the connection. */
const draining = new WeakSet<INestApplication>();

export function registeredRoutes(app: INestApplication): string[] {
  return registered.get(app) ?? [];
}

/** The body limit a served route enforces (`METHOD /path/{param}`), for the routes that read a body. */
export function routeBodyLimit(app: INestApplication, route: string): number | undefined {
  return bodyLimitsByApp.get(app)?.get(route);
}

/**
 * Builds an app the same way in production and in tests: Fastify with pino request logs (one line per
 * request, with its request id, also echoed as x-request-id), body limit, and the OpenAPI document.
 */
export async function createHttpApp(
  module: Type<unknown> | DynamicModule,
  options: Pick<
    HttpAppOptions,
    | 'openApi'
    | 'errorBody'
    | 'logRedaction'
    | 'bodyLimits'
    | 'service'
    | 'logLevel'
    | 'quietPaths'
    | 'trustedProxyHops'
    | 'metrics'
    | 'drainLimits'
    | 'without'
  > & { logDestination?: DestinationStream },
): Promise<PlatformApp> {
  const logger = createLogger(options.service, options.logLevel, options.logDestination);
  const errorBody = options.errorBody ?? genericErrorBody;
  const without = options.without ?? new Set<RequestPathPiece>();
  // Set once the instance exists: errors the router raises before any route (a malformed or over-long URL)
  // go through the same error handler as everything else, so they get the service's error body.
  const router: { errors?: (error: Error, request: never, reply: never) => void } = {};
  const adapter = new FastifyAdapter({
    ...(without.has('request-log') ? {} : { loggerInstance: logger, childLoggerFactory: lazyRequestLogger }),
    // Fastify's own two lines per request are off; the onResponse hook below writes one, skipping probes.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    ...(without.has('request-id') ? {} : { genReqId: (req: IncomingMessage) => requestIdFor(req.headers[REQUEST_ID_HEADER]) }),
    bodyLimit: options.bodyLimits?.defaultBytes ?? DEFAULT_ROUTE_BODY_LIMIT_BYTES,
    // Behind the edge, which writes the client's address into X-Forwarded-For itself: the address is taken that
    // many hops from the right, so addresses a client puts in the header are never believed.
    // (Fastify's numeric form, as a function: the adapter's type lacks the number.)
    trustProxy: (_address: string, hop: number) => hop < (options.trustedProxyHops ?? 1),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error: Error, request: unknown, reply: unknown) =>
      router.errors?.(routerError(error), request as never, reply as never),
    clientErrorHandler: (error, socket) => answerClientError(error, socket, errorBody),
    // @fastify/multipart is registered below, without its per-request hooks (registerMultipart).
    multipart: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(logger),
    // The JSON parser is registered below; the apps take no URL-encoded forms.
    bodyParser: false,
    // Start-up errors reach runMain, which reports them in one line, instead of Nest printing and aborting.
    abortOnError: false,
  });
  dropGlobalEnhancers(app, without);

  const fastify = app.getHttpAdapter().getInstance();
  router.errors = (error, request, reply) => fastify.errorHandler(error, request, reply);
  // Clients often send Content-Type: application/json on body-less POSTs (save, archive): an empty body is
  // no body. Anything else goes through Fastify's own parser and its prototype-poisoning checks, then the
  // edge checks (depth, NUL, lone surrogates) every app applies.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  if (!without.has('json-checks')) {
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      try {
        // Depth and width before parsing, so that JSON.parse never builds what the check below would refuse.
        assertJsonShape(body as string, 'body');
      } catch (problem) {
        return done(problem as Error, undefined);
      }
      parseJson(request, body as string, (error: Error | null, value?: unknown) => {
        if (error) return done(new MalformedInputError('body', 'The body is not valid JSON'), undefined);
        try {
          assertCleanInput(value, 'body');
        } catch (problem) {
          return done(problem as Error, undefined);
        }
        done(null, value);
      });
    });
  }
  // Documented success bodies are serialized from their schema (fast-json-stringify, several times faster
  // than JSON.stringify on large answers). Should a body ever not fit its schema, it is sent as it is, with
  // a warning, rather than failed: the tests check bodies against the document before serialization. Large bodies
  // leave the serializer as bytes (bodyToSend): Fastify sends a Buffer as it sends a string, though its type for a
  // serializer names only strings.
  if (!without.has('response-schemas')) {
    fastify.setSerializerCompiler(({ schema, method, url }) => {
      const fast = fastJson(schema as Parameters<typeof fastJson>[0]);
      return (data: unknown) => {
        try {
          return bodyToSend(fast(data)) as string;
        } catch (error) {
          logger.warn({ route: `${method} ${url}`, err: (error as Error).message }, 'response does not fit its documented schema');
          return JSON.stringify(data);
        }
      };
    });
  }
  const routes: string[] = [];
  registered.set(app, routes);
  const limits = new Map<string, number>();
  bodyLimitsByApp.set(app, limits);
  // Routes register when the app initializes, after the document below is built from their decorators.
  let responseSchemas = new Map<string, Record<string, Record<string, unknown>>>();
  let security = new Map<string, SecurityRequirementObject[]>();
  let checks: CredentialChecks | undefined;
  const quiet = new Set([LIVENESS_PATH, READINESS_PATH, METRICS_PATH, ...(options.quietPaths ?? [])]);
  /** Probes answer a few bytes, many times a minute: the compression plugin's per-answer hook has nothing to do there. */
  const probes = new Set([LIVENESS_PATH, READINESS_PATH, ...(options.quietPaths ?? [])]);
  fastify.addHook('onRoute', (route) => {
    if (probes.has(route.url)) (route as { compress?: boolean }).compress = false;
    const methods = [route.method].flat();
    for (const method of methods) {
      const name = `${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
      routes.push(name);
      const response = responseSchemas.get(name);
      if (response && !without.has('response-schemas'))
        route.schema = { ...route.schema, response: { ...response, ...(route.schema?.response as object) } };
      if (BODYLESS_METHODS.has(method)) continue;
      // A route that reads a body takes its own limit, and checks its documented credentials before reading it.
      route.bodyLimit ??= bodyLimitOf(options.bodyLimits, method, route.url);
      limits.set(name, route.bodyLimit);
      const requirements = security.get(name);
      if (requirements?.length && !without.has('credential-gate')) {
        checks ??= credentialChecksOf(app);
        route.onRequest = [...[route.onRequest ?? []].flat(), credentialGate(name, requirements, checks)];
      }
    }
  });
  if (!without.has('compression')) await registerCompression(fastify);
  await registerMultipart(fastify);
  traceRequests(fastify, new Set([LIVENESS_PATH, READINESS_PATH, METRICS_PATH]));
  if (options.metrics !== false) {
    startProcessMetrics(options.service);
    // Probes and the scrape are not measured; an app's other unlogged paths (race content's ping) are.
    instrumentRequests(fastify, new Set([LIVENESS_PATH, READINESS_PATH, METRICS_PATH]));
  }
  // The per-request hooks are callback-style (no promise per hook and request) and skip what has nothing to check.
  // One onRequest hook for the id echo and the body checks (a hook call per request each would cost twice).
  const echoId = !without.has('request-id');
  const checkInput = !without.has('input-checks');
  if (echoId || checkInput) {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (echoId) reply.header(REQUEST_ID_HEADER, request.id);
      const refusal = checkInput ? bodyRefusal(request) : undefined;
      return refusal ? done(refusal) : done();
    });
  }
  if (checkInput) registerParameterChecks(fastify);
  if (!without.has('drain')) {
    // Close waits for every connection; a keep-alive socket must not outlive the response it carried.
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (draining.has(app)) reply.header('connection', 'close');
      // An answer given before the whole body arrived (a refusal: no credentials, too large, malformed): the rest of the
      // body is read and discarded, so the client gets the answer, not a reset.
      else if (!request.raw.complete) holdUntilDrained(request.raw, reply, options.drainLimits ?? DRAIN_LIMITS);
      done(null, payload);
    });
  }
  if (!without.has('request-log')) {
    fastify.addHook('onResponse', (request, reply, done) => {
      if (!quiet.has(pathOf(request.url))) {
        // Through the app's logger, with the request id: the request's own logger is made only when something uses it.
        logger.info(
          {
            requestId: request.id,
            req: { method: request.method, url: redactUrl(request.url, options.logRedaction) },
            res: { statusCode: reply.statusCode },
            responseTime: Math.round(reply.elapsedTime),
          },
          'request completed',
        );
      }
      done();
    });
  }

  const document = serveOpenApi(app, options.openApi);
  responseSchemas = successSchemas(document);
  security = routeSecurity(document);
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
    // Answers ask clients (the edge) to close their connections, readiness answers 503; requests are still served.
    draining.add(app);
    startDraining();
    const delayMs = options.shutdownDelayMs ?? 0;
    setTimeout(() => {
      logger.error(`shutdown did not finish within ${delayMs + options.shutdownTimeoutMs} ms: exiting`);
      process.exit(1);
    }, delayMs + options.shutdownTimeoutMs).unref();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await app.close();
    await flushTraces();
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
 * V8 flags every app runs with, set by runMain before the app starts (one place instead of each launcher's command line:
 * k8s, compose, up.sh, the test and bench kits). Allocation-site pretenuring is off: under steady request load V8
 * sometimes (five of eight identical race-content-api processes in one run) starts allocating a request's objects straight
 * in the old generation; those dead old objects then keep each next request's young objects alive through every
 * scavenge, so about 10 MB is copied and promoted per scavenge (12–18 ms pauses) for the rest of the process's life, at
 * 0.75x the throughput and 12 ms p99 on GET /v1/ping. Off, no process fell into it (0 of 19), and the builder's saves
 * and the 100,000-row import measured the same (docs/decisions.md, "No allocation-site pretenuring in V8").
 */
export const PLATFORM_V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

/**
 * Runs an app's entry point. A failure before the app is up (bad configuration, a dependency that does not
 * answer) ends the process with one JSON log line and exit code 1, never a hang or a stack trace dump.
 */
export function runMain(service: string, main: () => Promise<unknown>): void {
  for (const flag of PLATFORM_V8_FLAGS) setFlagsFromString(flag);
  logWarningsAsJson(service);
  main().catch((error: unknown) => {
    const reason = error instanceof ConfigError ? error.message : `start-up failed: ${describe(error)}`;
    writeJsonLine(60, service, reason);
    process.exit(1);
  });
}

export interface HttpMain<C extends BaseAppConfig> extends HttpSurface {
  service: string;
  loadConfig: () => C;
  module: (config: C) => DynamicModule;
  quietPaths?: string[];
  /** Pieces of the request path left out (bench:request-path's entry point only: HttpAppOptions.without). */
  without?: ReadonlySet<RequestPathPiece>;
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
      errorBody: main.errorBody,
      logRedaction: main.logRedaction,
      quietPaths: main.quietPaths,
      bodyLimits: config.bodyLimits,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      shutdownDelayMs: config.shutdownDelayMs,
      metrics: config.metricsEnabled,
      without: main.without,
    });
  });
}

/** The credential checks the app provides (CREDENTIAL_CHECKS), or none. */
function credentialChecksOf(app: INestApplication): CredentialChecks {
  try {
    return app.get<CredentialChecks>(CREDENTIAL_CHECKS, { strict: false });
  } catch {
    return {};
  }
}

/** An error of the router, with a message that does not echo the URL back. */
function routerError(error: Error & { code?: string }): Error {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return Object.assign(new Error(`A path segment is longer than ${MAX_PARAM_LENGTH} characters`), { statusCode: 414 });
  }
  return new MalformedInputError('url', 'The URL is not valid');
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
