import type { DynamicModule, INestApplication } from '@nestjs/common';
import {
  createHttpApp,
  type HttpSurface,
  OPENAPI_JSON_PATH,
  openApiDocumentOf,
  type PlatformApp,
  METRICS_PATH,
  registeredRoutes,
  type RouteBodyLimits,
  type DrainLimits,
} from '@platform/runtime';
import { APP_NAMES, type AppName, appBodyLimits } from '@platform/routing';
import request from 'supertest';
import { OpenApiConformance } from '../conformance/openapi-conformance';

export interface TestAppOptions {
  /** The app's body limits per route; by default its own from libs/routing's table (the defaults of its settings). */
  bodyLimits?: RouteBodyLimits;
  /**
   * Check every response against the app's OpenAPI document (default true); a violation fails the test
   * file when the app closes. Only test fixtures without documented routes turn it off.
   */
  checkDocument?: boolean;
  /** Collects every log line the app writes (at info level and above), instead of writing none. */
  logLines?: string[];
  /** How much of a refused body the app drains (libs/runtime DRAIN_LIMITS by default). */
  drainLimits?: DrainLimits;
}

/** The body limits an app of that name runs with by default; none for a test fixture that is not one of the apps. */
function appBodyLimitsOf(title: string): RouteBodyLimits | undefined {
  return (APP_NAMES as readonly string[]).includes(title) ? appBodyLimits(title as AppName) : undefined;
}

const conformances = new WeakMap<INestApplication, OpenApiConformance>();

/** The document checks of an app started by startTestApp. */
export function conformanceOf(app: INestApplication): OpenApiConformance | undefined {
  return conformances.get(app);
}

/** Builds the app exactly as main.ts does (same logger, pipes, filters, OpenAPI), ready for supertest. */
export async function startTestApp(module: DynamicModule, surface: HttpSurface, options: TestAppOptions = {}): Promise<PlatformApp> {
  const app = await createHttpApp(module, {
    ...surface,
    bodyLimits: options.bodyLimits ?? appBodyLimitsOf(surface.openApi.title),
    drainLimits: options.drainLimits,
    service: surface.openApi.title,
    logLevel: options.logLines ? 'info' : (process.env.LOG_LEVEL ?? 'silent'),
    logDestination: options.logLines ? { write: (line: string) => void options.logLines!.push(line) } : undefined,
  });
  const fastify = app.getHttpAdapter().getInstance();
  if (options.checkDocument !== false) {
    const conformance = new OpenApiConformance(openApiDocumentOf(app)!);
    conformance.attach(fastify);
    conformances.set(app, conformance);
    // Nest's application proxy ignores plain assignments and looks methods up at call time: keep the
    // prototype's close, and define the checking one on the application itself.
    const prototypeClose = (Object.getPrototypeOf(app) as { close: () => Promise<void> }).close;
    const close = () => prototypeClose.call(app);
    Object.defineProperty(app, 'close', {
      configurable: true,
      value: async () => {
        await close();
        conformance.assertNoViolations();
      },
    });
  }
  await app.init();
  await fastify.ready();
  return app;
}

/**
 * Every API route the app serves, as `METHOD /path/{param}`. Documentation routes, the metrics scrape, Fastify's
 * automatic HEAD twins of GET routes, and catch-alls are not API routes.
 */
export function servedRoutes(app: INestApplication): string[] {
  return registeredRoutes(app).filter(
    (route) =>
      !route.startsWith('HEAD ') && !route.includes('*') && !/ \/(docs|openapi\.json)/.test(route) && route !== `GET ${METRICS_PATH}`,
  );
}

/** Every route the served OpenAPI document describes, in the same form. */
export async function documentedRoutes(app: INestApplication): Promise<string[]> {
  const { body } = await request(app.getHttpServer()).get(OPENAPI_JSON_PATH).expect(200);
  const paths = body.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}
