import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export interface OpenApiInfo {
  title: string;
  description: string;
  version?: string;
  /** Security schemes the app's routes refer to. */
  bearerAuth?: boolean;
  apiKeyHeader?: string;
  userHeaders?: boolean;
}

export const OPENAPI_JSON_PATH = '/openapi.json';
export const OPENAPI_UI_PATH = '/docs';

export function buildOpenApiDocument(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(info.title)
    .setDescription(info.description)
    .setVersion(info.version ?? '1');
  if (info.bearerAuth) builder.addBearerAuth();
  if (info.apiKeyHeader) builder.addApiKey({ type: 'apiKey', in: 'header', name: info.apiKeyHeader }, 'apiKey');
  if (info.userHeaders) {
    builder.addApiKey({ type: 'apiKey', in: 'header', name: 'x-user-email' }, 'userEmail');
    builder.addApiKey({ type: 'apiKey', in: 'header', name: 'x-user-name' }, 'userName');
  }
  return SwaggerModule.createDocument(app, builder.build());
}

/** Serves the document as JSON and as a browsable UI on the app's own port. */
export function serveOpenApi(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const document = buildOpenApiDocument(app, info);
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
  });
  return document;
}
