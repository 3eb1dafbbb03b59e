import type { OpenApiInfo } from '@platform/runtime';

export const AI_WEBHOOK_OPENAPI: OpenApiInfo = {
  title: 'ai-webhook',
  description: 'AI worker status webhook and onboarding event-run status (race-content spec 4.9 and 6).',
};
