import 'reflect-metadata';
import { runMain, startHttpApp } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadRecruitingConfig } from './config';
import { RECRUITING_OPENAPI } from './openapi';

runMain('recruiting-api', async () => {
  const config = loadRecruitingConfig();
  await startHttpApp(AppModule.register(config), {
    service: 'recruiting-api',
    logLevel: config.logLevel,
    ...config.http,
    openApi: RECRUITING_OPENAPI,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
});
