import type { DynamicModule } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { previewOpenApiDocument } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadRaceContentConfig } from './config';
import { RACE_CONTENT_HTTP } from './http-surface';

/** Configuration for the preview only: nothing is connected to, so the addresses and secrets are never used. */
const PREVIEW_ENV = {
  JWT_SECRET: 'preview-only-secret-0123456789abcdef',
  MONGODB_URI: 'mongodb://localhost:27017/preview',
  REDIS_URL: 'redis://localhost:6379',
  AMQP_URL: 'amqp://localhost:5672',
  S3_BUCKET: 'preview',
  S3_ACCESS_KEY_ID: 'preview',
  S3_SECRET_ACCESS_KEY: 'preview',
};

/** The app's module configured for a preview (Nest's preview mode: read, never started). */
export function previewModule(): DynamicModule {
  return AppModule.register(loadRaceContentConfig(PREVIEW_ENV));
}

/** The document race-content-api serves at /openapi.json, built without starting it (`npm run openapi` writes docs/openapi/race-content-api.json). */
export function openApiDocument(): Promise<OpenAPIObject> {
  return previewOpenApiDocument(previewModule(), RACE_CONTENT_HTTP.openApi);
}
