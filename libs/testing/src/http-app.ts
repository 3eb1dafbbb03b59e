import type { DynamicModule, INestApplication } from '@nestjs/common';
import { createHttpApp, OPENAPI_JSON_PATH, type OpenApiInfo } from '@platform/runtime';
import request from 'supertest';

/** Builds the app exactly as main.ts does (same logger, pipes, filters, OpenAPI), without listening. */
export async function startTestApp(module: DynamicModule, openApi: OpenApiInfo): Promise<INestApplication> {
  const app = await createHttpApp(module, { openApi, service: openApi.title, logLevel: process.env.LOG_LEVEL ?? 'silent' });
  await app.init();
  return app;
}

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * Every route Express serves for the app, as `METHOD /path/{param}`. Documentation routes and Nest's
 * catch-all (`{/*splat}`, which answers unknown paths with 404) are not API routes.
 */
export function servedRoutes(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return express.router.stack
    .filter((layer) => layer.route && !layer.route.path.includes('*'))
    .flatMap((layer) =>
      Object.keys(layer.route!.methods).map(
        (method) => `${method.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`,
      ),
    )
    .filter((route) => !/ \/(docs|openapi\.json)/.test(route));
}

/** Every route the served OpenAPI document describes, in the same form. */
export async function documentedRoutes(app: INestApplication): Promise<string[]> {
  const { body } = await request(app.getHttpServer()).get(OPENAPI_JSON_PATH).expect(200);
  const paths = body.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}
