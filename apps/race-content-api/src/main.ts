import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadRaceContentConfig } from './config';
import { PING_PATHS } from './health/ping.controller';
import { RACE_CONTENT_OPENAPI } from './openapi';

runHttpMain({
  service: 'race-content-api',
  loadConfig: loadRaceContentConfig,
  module: (config) => AppModule.register(config),
  openApi: RACE_CONTENT_OPENAPI,
  quietPaths: PING_PATHS,
});
