import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';
import { APPS, ROUTES } from '@platform/routing';
import { withPreviewApp } from '@platform/runtime';
import { previewModule as aiWebhook } from '../../apps/ai-webhook/src/openapi-document';
import { previewModule as raceContent } from '../../apps/race-content-api/src/openapi-document';
import { previewModule as recruiting } from '../../apps/recruiting-api/src/openapi-document';
import { previewModule as surveyBuilder } from '../../apps/survey-builder-api/src/openapi-document';
import { OPENAPI_APPS, OPENAPI_DIR } from './openapi-documents';

const ROOT = join(__dirname, '..', '..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The metadata key of @ApiOperation (DECORATORS.API_OPERATION in @nestjs/swagger, which does not export its constants). */
const API_OPERATION = 'swagger/apiOperation';

/** Each HTTP app's module, as its document is built: in Nest's preview mode, nothing started. */
const PREVIEW_MODULES: Record<string, () => DynamicModule> = {
  'recruiting-api': recruiting,
  'survey-builder-api': surveyBuilder,
  'race-content-api': raceContent,
  'ai-webhook': aiWebhook,
};

/** Where an operation's handler is written: the class that declares the method (a controller or a base it extends). */
export interface Handler {
  controller: string;
  declaredIn: string;
  method: string;
}

/** Every routed handler of an app by operationId, read from its controllers' decorators. */
export async function handlersOf(module: Type<unknown> | DynamicModule): Promise<Map<string, Handler>> {
  return withPreviewApp(module, (app: INestApplication) => {
    const handlers = new Map<string, Handler>();
    for (const registered of app.get(ModulesContainer).values()) {
      for (const wrapper of registered.controllers.values()) {
        const controller = wrapper.metatype as Type<unknown>;
        for (let proto = controller.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
          for (const method of Object.getOwnPropertyNames(proto)) {
            const handler = Object.getOwnPropertyDescriptor(proto, method)?.value as unknown;
            if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
            if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
            const operation = Reflect.getMetadata(API_OPERATION, handler) as { operationId?: string } | undefined;
            if (!operation?.operationId || handlers.has(operation.operationId)) continue;
            handlers.set(operation.operationId, { controller: controller.name, declaredIn: proto.constructor.name, method });
          }
        }
      }
    }
    return handlers;
  });
}

/**
 * The file declaring each class of an app, read once: the app's own sources, then the shared libs (a class both
 * declare is the app's). Specs and tests aside.
 */
function classFiles(app: string): Map<string, string> {
  const libs = readdirSync(join(ROOT, 'libs')).map((lib) => join(ROOT, 'libs', lib, 'src'));
  const files = new Map<string, string>();
  for (const dir of [join(ROOT, 'apps', app, 'src'), ...libs]) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.spec.ts') || file.includes('test/')) continue;
      for (const [, name] of readFileSync(join(dir, file), 'utf8').matchAll(/\bclass (\w+)\b/g)) {
        if (!files.has(name)) files.set(name, relative(ROOT, join(dir, file)));
      }
    }
  }
  return files;
}

/** Who may call an operation, as its document says: public, an API key, or a token with the role it names. */
export function whoMayCall(document: OpenAPIObject, operation: OperationObject): string {
  const security = operation.security ?? document.security ?? [];
  if (security.length === 0) return 'public';
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  const text = operation.description ?? '';
  const role = /Needs the (\w+) role or above/.exec(text)?.[1];
  const permission = /Needs (view|edit|manage|own)\b/.exec(text)?.[1];
  const token = role ? `token, ${role} or above` : permission ? `token, ${permission} permission` : 'token, any role';
  // A key scheme is named after its key (importKey: the import key).
  return schemes.map((scheme) => (scheme === 'bearer' ? token : `${scheme.replace(/Key$/, '')} key`)).join(' or ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/routes.md: the edge's prefixes, then every operation of every app with the code that serves it. */
export async function routeMapText(): Promise<string> {
  const lines = [
    '# Route map',
    '',
    '<!-- Generated by `npm run routes` from libs/routing/src/route-table.ts, docs/openapi/*.json and the controllers;',
    '     a test fails when it is stale. Do not edit by hand. -->',
    '',
    "Every operation the edge routes, with the class and method that serve it and who may call it. Find a route's path",
    'below, then open the file. Paths, bodies and answers are in the [API guides](api/README.md) and the OpenAPI',
    'documents in [openapi/](openapi/). "Who may call" is what the document states: a role of the platform token, or a',
    "permission on the questionnaire, which survey-builder-api's services check for the routes that name none here.",
    '',
    '## The edge',
    '',
    'The edge sends a request to the app of the longest prefix its path starts with.',
    '',
    '| Prefix | App |',
    '| --- | --- |',
    ...[...ROUTES].sort((a, b) => a.prefix.localeCompare(b.prefix)).map((route) => `| \`${route.prefix}\` | ${route.app} |`),
    '',
    'Every app also serves `/health/live`, `/health/ready` and `/metrics` on its own port (not through the edge);',
    `${Object.keys(APPS)
      .filter((app) => !(app in PREVIEW_MODULES))
      .join(' and ')} serve nothing else.`,
  ];
  for (const app of Object.keys(OPENAPI_APPS)) {
    // The committed document (a test keeps it equal to the code's), so only the handlers need a preview of the app.
    const document = JSON.parse(readFileSync(join(OPENAPI_DIR, `${app}.json`), 'utf8')) as OpenAPIObject;
    const handlers = await handlersOf(PREVIEW_MODULES[app]());
    const declaring = classFiles(app);
    lines.push('', `## ${app}`, '', '| Method | Path | operationId | Handler | Who may call |', '| --- | --- | --- | --- | --- |');
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const id = String(operation.operationId);
        const handler = handlers.get(id);
        if (!handler) throw new Error(`${app}: no controller method declares operationId ${id}`);
        const where = declaring.get(handler.declaredIn);
        if (!where) throw new Error(`no source declares class ${handler.declaredIn} (a handler of ${app})`);
        const served = handler.declaredIn === handler.controller ? '' : ` (in ${handler.declaredIn})`;
        lines.push(
          `| ${method.toUpperCase()} | \`${cell(path)}\` | ${id} | \`${handler.controller}.${handler.method}\`${served}, ` +
            `[${where.split('/').pop()}](../${where}) | ${whoMayCall(document, operation)} |`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
