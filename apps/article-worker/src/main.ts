import 'reflect-metadata';
import { runMain, startHttpApp } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadArticleWorkerConfig } from './config';
import { ARTICLE_WORKER_OPENAPI } from './openapi';

runMain('article-worker', async () => {
  const config = loadArticleWorkerConfig();
  await startHttpApp(AppModule.register(config), {
    service: 'article-worker',
    logLevel: config.logLevel,
    ...config.http,
    openApi: ARTICLE_WORKER_OPENAPI,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
});
