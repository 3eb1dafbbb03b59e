import { join } from 'node:path';
import { describeAppStructure } from '@platform/testing/structure';

// The floor plan of blog-worker (libs/testing/src/structure/app-structure.ts, docs/development.md "Structure rules").
describeAppStructure('blog-worker', join(__dirname, '../src'), {
  top: ['app.module.ts', 'main.ts', 'tracing.ts'],
  features: ['blogs', 'thumbnails'],
  kernel: [],
  adapters: [],
  bottom: ['config.ts', 'http-surface.ts'],
});
