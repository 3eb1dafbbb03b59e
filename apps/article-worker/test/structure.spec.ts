import { join } from 'node:path';
import { describeAppStructure } from '@platform/testing/structure';

// The floor plan of article-worker (libs/testing/src/structure/app-structure.ts, docs/development.md "Structure rules").
describeAppStructure('article-worker', join(__dirname, '../src'), {
  top: ['app.module.ts', 'main.ts', 'tracing.ts'],
  features: ['articles'],
  kernel: [],
  adapters: [],
  bottom: ['config.ts', 'http-surface.ts'],
});
