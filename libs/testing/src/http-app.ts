import type { DynamicModule, INestApplication } from '@nestjs/common';
import { createHttpApp, OPENAPI_JSON_PATH, type OpenApiInfo, type PlatformApp, registeredRoutes } from '@platform/runtime';
import request from 'supertest';

/** Builds the app exactly as main.ts does (same logger, pipes, filters, OpenAPI), ready for supertest. */
export async function startTestApp(module: DynamicModule, openApi: OpenApiInfo, bodyLimitBytes?: number): Promise<PlatformApp> {
  const app = await createHttpApp(module, { openApi, bodyLimitBytes, service: openApi.title, logLevel: process.env.LOG_LEVEL ?? 'silent' });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/**
 * Every API route the app serves, as `METHOD /path/{param}`. Documentation routes, Fastify's automatic
 * HEAD twins of GET routes, and catch-alls are not API routes.
 */
export function servedRoutes(app: INestApplication): string[] {
  return registeredRoutes(app).filter(
    (route) => !route.startsWith('HEAD ') && !route.includes('*') && !/ \/(docs|openapi\.json)/.test(route),
  );
}

/** Every route the served OpenAPI document describes, in the same form. */
export async function documentedRoutes(app: INestApplication): Promise<string[]> {
  const { body } = await request(app.getHttpServer()).get(OPENAPI_JSON_PATH).expect(200);
  const paths = body.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}
