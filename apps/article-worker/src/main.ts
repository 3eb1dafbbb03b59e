import './tracing';
import 'reflect-metadata';
import { runHttpMain } from '@platform/runtime';
import { AppModule } from './app.module';
import { loadArticleWorkerConfig } from './config';
import { ARTICLE_WORKER_HTTP } from './http-surface';

runHttpMain({
  service: 'article-worker',
  loadConfig: loadArticleWorkerConfig,
  module: (config) => AppModule.register(config),
  ...ARTICLE_WORKER_HTTP,
});
