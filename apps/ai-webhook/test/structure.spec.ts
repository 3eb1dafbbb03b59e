import { join } from 'node:path';
import { describeAppStructure } from '@platform/testing/structure';

// The floor plan of ai-webhook (libs/testing/src/structure/app-structure.ts, docs/development.md "Structure rules").
describeAppStructure('ai-webhook', join(__dirname, '../src'), {
  top: ['app.module.ts', 'main.ts', 'migrate.ts', 'openapi-document.ts', 'tracing.ts', 'http', 'cli'],
  features: ['webhooks', 'event-runs'],
  kernel: ['identity'],
  adapters: ['access', 'manifests'],
  bottom: ['database', 'jobs', 'domain', 'config.ts', 'ai-webhook.errors.ts', 'http-surface.ts'],
  routesElsewhere: {
    // The status of an event run: /organizations/…/projects/…/wf2des/events/{event_run_id}/status.
    'event-runs': ['events'],
  },
});
