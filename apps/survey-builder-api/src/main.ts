import 'reflect-metadata';
import { runMain, startHttpApp } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadSurveyBuilderConfig } from './config';
import { SURVEY_BUILDER_OPENAPI } from './openapi';

runMain('survey-builder-api', async () => {
  const config = loadSurveyBuilderConfig();
  await startHttpApp(AppModule.register(config), {
    service: 'survey-builder-api',
    logLevel: config.logLevel,
    ...config.http,
    openApi: SURVEY_BUILDER_OPENAPI,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
});
