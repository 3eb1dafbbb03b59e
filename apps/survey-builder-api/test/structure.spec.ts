import { join } from 'node:path';
import { describeAppStructure } from '@platform/testing/structure';

// The floor plan of survey-builder-api (libs/testing/src/structure/app-structure.ts, docs/development.md "Structure rules").
describeAppStructure('survey-builder-api', join(__dirname, '../src'), {
  top: ['app.module.ts', 'main.ts', 'migrate.ts', 'openapi-document.ts', 'tracing.ts'],
  features: ['imports', 'question-library', 'logic-check', 'permissions', 'questions', 'sections', 'surveys', 'versions'],
  kernel: ['common', 'identity', 'survey-core', 'snapshot', 'question-sources'],
  adapters: [],
  bottom: ['database', 'domain', 'config.ts', 'builder.errors.ts', 'http-surface.ts'],
  routesElsewhere: {
    // A copy and a theme assist each create a survey.
    surveys: ['survey-copies', 'theme-assists'],
    // Saving is making the next version.
    versions: ['save'],
  },
});
