import type { DynamicModule } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { previewOpenApiDocument } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadAiWebhookConfig } from './config';
import { AI_WEBHOOK_HTTP } from './http-surface';

/** Configuration for the preview only: nothing is connected to, so the addresses and secrets are never used. */
const PREVIEW_ENV = {
  AI_WEBHOOK_API_KEY: 'preview-only-key-0123456789abcdef',
  IDP_ISSUER: 'https://idp.invalid',
  IDP_JWKS_URL: 'https://idp.invalid/jwks',
  IDP_AUDIENCE: 'preview',
  DATABASE_URL: 'postgres://preview@localhost/preview',
  REDIS_URL: 'redis://localhost:6379',
  S3_BUCKET: 'preview',
  S3_ACCESS_KEY_ID: 'preview',
  S3_SECRET_ACCESS_KEY: 'preview',
};

/** The app's module configured for a preview (Nest's preview mode: read, never started). */
export function previewModule(): DynamicModule {
  return AppModule.register(loadAiWebhookConfig(PREVIEW_ENV));
}

/** The document ai-webhook serves at /openapi.json, built without starting it (`npm run openapi` writes docs/openapi/ai-webhook.json). */
export function openApiDocument(): Promise<OpenAPIObject> {
  return previewOpenApiDocument(previewModule(), AI_WEBHOOK_HTTP.openApi);
}
