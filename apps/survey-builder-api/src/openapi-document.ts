import type { DynamicModule } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { previewOpenApiDocument } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadSurveyBuilderConfig } from './config';
import { SURVEY_BUILDER_HTTP } from './http-surface';

/** Configuration for the preview only: nothing is connected to, so the addresses and secrets are never used. */
const PREVIEW_ENV = { DATABASE_URL: 'postgres://preview@localhost/preview' };

/** The app's module configured for a preview (Nest's preview mode: read, never started). */
export function previewModule(): DynamicModule {
  return AppModule.register(loadSurveyBuilderConfig(PREVIEW_ENV));
}

/** The document survey-builder-api serves at /openapi.json, built without starting it (`npm run openapi` writes docs/openapi/survey-builder-api.json). */
export function openApiDocument(): Promise<OpenAPIObject> {
  return previewOpenApiDocument(previewModule(), SURVEY_BUILDER_HTTP.openApi);
}
