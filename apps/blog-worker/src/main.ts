import './tracing';
import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadBlogWorkerConfig } from './config';
import { BLOG_WORKER_HTTP } from './http-surface';

runHttpMain({
  service: 'blog-worker',
  loadConfig: loadBlogWorkerConfig,
  module: (config) => AppModule.register(config),
  ...BLOG_WORKER_HTTP,
});
