import './tracing';
import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadSurveyBuilderConfig } from './config';
import { SURVEY_BUILDER_HTTP } from './http-surface';

runHttpMain({
  service: 'survey-builder-api',
  loadConfig: loadSurveyBuilderConfig,
  module: (config) => AppModule.register(config),
  ...SURVEY_BUILDER_HTTP,
});
