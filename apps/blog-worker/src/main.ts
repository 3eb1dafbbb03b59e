import 'reflect-metadata';
import { runMain, startHttpApp } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadBlogWorkerConfig } from './config';
import { BLOG_WORKER_OPENAPI } from './openapi';

runMain('blog-worker', async () => {
  const config = loadBlogWorkerConfig();
  await startHttpApp(AppModule.register(config), {
    service: 'blog-worker',
    logLevel: config.logLevel,
    ...config.http,
    openApi: BLOG_WORKER_OPENAPI,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
});
