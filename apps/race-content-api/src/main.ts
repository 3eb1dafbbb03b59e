import 'reflect-metadata';
import { runMain, startHttpApp } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadRaceContentConfig } from './config';
import { PING_PATHS } from './health/ping.controller';
import { RACE_CONTENT_OPENAPI } from './openapi';

runMain('race-content-api', async () => {
  const config = loadRaceContentConfig();
  await startHttpApp(AppModule.register(config), {
    service: 'race-content-api',
    logLevel: config.logLevel,
    ...config.http,
    openApi: RACE_CONTENT_OPENAPI,
    quietPaths: PING_PATHS,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
});
