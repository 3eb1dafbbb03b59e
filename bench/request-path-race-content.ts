// race-content-api's main.ts with the request path pieces named in BENCH_WITHOUT left out (`all`, or names of
// libs/runtime's REQUEST_PATH_PIECES): bench:request-path's entry point. The app's own entry point has no such setting.
import '../apps/race-content-api/src/tracing';
import 'reflect-metadata';
import { requestPathPieces, runHttpMain } from '@platform/runtime';
import { AppModule } from '../apps/race-content-api/src/app.module';
import { loadRaceContentConfig } from '../apps/race-content-api/src/config';
import { RACE_CONTENT_HTTP } from '../apps/race-content-api/src/http-surface';
import { PING_PATHS } from '../apps/race-content-api/src/ping/ping.controller';

runHttpMain({
  service: 'race-content-api',
  loadConfig: loadRaceContentConfig,
  module: (config) => AppModule.register(config),
  ...RACE_CONTENT_HTTP,
  quietPaths: PING_PATHS,
  without: requestPathPieces(process.env.BENCH_WITHOUT ?? ''),
});
