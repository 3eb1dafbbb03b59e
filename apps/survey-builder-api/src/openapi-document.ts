import type { OpenAPIObject } from '@nestjs/swagger';
import { previewOpenApiDocument } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadSurveyBuilderConfig } from './config';
import { SURVEY_BUILDER_HTTP } from './http-surface';

/** Configuration for the preview only: nothing is connected to, so the addresses and secrets are never used. */
const PREVIEW_ENV = { DATABASE_URL: 'postgres://preview@localhost/preview' };

/** The document survey-builder-api serves at /openapi.json, built without starting it (`npm run openapi` writes docs/openapi/survey-builder-api.json). */
export function openApiDocument(): Promise<OpenAPIObject> {
  return previewOpenApiDocument(AppModule.register(loadSurveyBuilderConfig(PREVIEW_ENV)), SURVEY_BUILDER_HTTP.openApi);
}
