import './tracing';
import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadAiWebhookConfig } from './config';
import { AI_WEBHOOK_HTTP } from './http-surface';

runHttpMain({
  service: 'ai-webhook',
  loadConfig: loadAiWebhookConfig,
  module: (config) => AppModule.register(config),
  ...AI_WEBHOOK_HTTP,
});
