import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadSurveyBuilderConfig } from './config';
import { SURVEY_BUILDER_OPENAPI } from './openapi';

runHttpMain({
  service: 'survey-builder-api',
  loadConfig: loadSurveyBuilderConfig,
  module: (config) => AppModule.register(config),
  openApi: SURVEY_BUILDER_OPENAPI,
});
