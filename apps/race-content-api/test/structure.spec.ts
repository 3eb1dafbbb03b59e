import { join } from 'node:path';
import { describeAppStructure } from '@platform/testing/structure';

// The floor plan of race-content-api (libs/testing/src/structure/app-structure.ts, docs/development.md "Structure rules").
describeAppStructure('race-content-api', join(__dirname, '../src'), {
  top: ['app.module.ts', 'main.ts', 'openapi-document.ts', 'tracing.ts', 'http'],
  features: ['articles', 'blogs', 'categories', 'medias', 'ng-words', 'old-blogs', 'races', 'ping'],
  kernel: ['common'],
  adapters: ['embeddings'],
  bottom: ['config.ts', 'race-content.errors.ts', 'http-surface.ts'],
  routesElsewhere: {
    // Rewriting a past blog generates a blog, through the same generation service.
    blogs: ['old-blogs'],
  },
});
