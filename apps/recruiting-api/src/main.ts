import './tracing';
import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadRecruitingConfig } from './config';
import { RECRUITING_HTTP } from './http-surface';

runHttpMain({
  service: 'recruiting-api',
  loadConfig: loadRecruitingConfig,
  module: (config) => AppModule.register(config),
  ...RECRUITING_HTTP,
});
