// recruiting-api's main.ts with the request path pieces named in BENCH_WITHOUT left out (`all`, or names of
// libs/runtime's REQUEST_PATH_PIECES): bench:request-path's entry point. The app's own entry point has no such setting.
import '../apps/recruiting-api/src/tracing';
import 'reflect-metadata';
import { requestPathPieces, runHttpMain } from '@platform/runtime';
import { AppModule } from '../apps/recruiting-api/src/app.module';
import { loadRecruitingConfig } from '../apps/recruiting-api/src/config';
import { RECRUITING_HTTP } from '../apps/recruiting-api/src/http-surface';

runHttpMain({
  service: 'recruiting-api',
  loadConfig: loadRecruitingConfig,
  module: (config) => AppModule.register(config),
  ...RECRUITING_HTTP,
  without: requestPathPieces(process.env.BENCH_WITHOUT ?? ''),
});
