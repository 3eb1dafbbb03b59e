import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadAiWebhookConfig } from './config';
import { AI_WEBHOOK_OPENAPI } from './openapi';

runHttpMain({
  service: 'ai-webhook',
  loadConfig: loadAiWebhookConfig,
  module: (config) => AppModule.register(config),
  openApi: AI_WEBHOOK_OPENAPI,
});
