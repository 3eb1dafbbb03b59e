import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiFileText } from '@platform/runtime';
import { openApiDocument as aiWebhook } from '../../apps/ai-webhook/src/openapi-document';
import { openApiDocument as raceContent } from '../../apps/race-content-api/src/openapi-document';
import { openApiDocument as recruiting } from '../../apps/recruiting-api/src/openapi-document';
import { openApiDocument as surveyBuilder } from '../../apps/survey-builder-api/src/openapi-document';

/** The HTTP apps a console calls, by the file name of their committed document. */
export const OPENAPI_APPS: Record<string, () => Promise<OpenAPIObject>> = {
  'recruiting-api': recruiting,
  'survey-builder-api': surveyBuilder,
  'race-content-api': raceContent,
  'ai-webhook': aiWebhook,
};

export const OPENAPI_DIR = join(__dirname, '..', '..', 'docs', 'openapi');

/** Writes every app's document as `<app>.json` into `dir` (docs/openapi by default); answers the files written. */
export async function writeOpenApiDocuments(dir = OPENAPI_DIR): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const [app, document] of Object.entries(OPENAPI_APPS)) {
    const file = join(dir, `${app}.json`);
    writeFileSync(file, openApiFileText(await document()));
    files.push(file);
  }
  return files;
}
