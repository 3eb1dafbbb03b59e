import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** Where `npm run openapi` writes the documents, and where the client's types are generated from them. */
export const DOCUMENTS_DIR = join(ROOT, 'docs/openapi');
export const GENERATED_DIR = join(ROOT, 'libs/client/src/generated');

/** The services the client covers; a document of another name is not generated. */
export const CLIENT_APPS = ['recruiting-api', 'survey-builder-api', 'race-content-api', 'ai-webhook'] as const;
