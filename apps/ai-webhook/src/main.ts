import 'reflect-metadata';
import { runMain, startHttpApp } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadAiWebhookConfig } from './config';
import { AI_WEBHOOK_OPENAPI } from './openapi';

runMain('ai-webhook', async () => {
  const config = loadAiWebhookConfig();
  await startHttpApp(AppModule.register(config), {
    service: 'ai-webhook',
    logLevel: config.logLevel,
    ...config.http,
    openApi: AI_WEBHOOK_OPENAPI,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
});
