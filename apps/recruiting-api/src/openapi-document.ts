import type { DynamicModule } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { previewOpenApiDocument } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadRecruitingConfig } from './config';
import { RECRUITING_HTTP } from './http-surface';

/** Configuration for the preview only: nothing is connected to, so the addresses and secrets are never used. */
const PREVIEW_ENV = {
  DATABASE_URL: 'postgres://preview@localhost/preview',
  REDIS_URL: 'redis://localhost:6379',
  JWT_SECRET: 'preview-only-secret-0123456789abcdef',
};

/** The app's module configured for a preview (Nest's preview mode: read, never started). */
export function previewModule(): DynamicModule {
  return AppModule.register(loadRecruitingConfig(PREVIEW_ENV));
}

/** The document recruiting-api serves at /openapi.json, built without starting it (`npm run openapi` writes docs/openapi/recruiting-api.json). */
export function openApiDocument(): Promise<OpenAPIObject> {
  return previewOpenApiDocument(previewModule(), RECRUITING_HTTP.openApi);
}
