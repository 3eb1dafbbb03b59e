import './tracing';
import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadRaceContentConfig } from './config';
import { PING_PATHS } from './ping/ping.controller';
import { RACE_CONTENT_HTTP } from './http-surface';

runHttpMain({
  service: 'race-content-api',
  loadConfig: loadRaceContentConfig,
  module: (config) => AppModule.register(config),
  ...RACE_CONTENT_HTTP,
  quietPaths: PING_PATHS,
});
