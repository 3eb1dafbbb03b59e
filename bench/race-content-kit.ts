// What the race content benches share (bench:ping, bench:race, bench:generation): the bench's access tokens, the
// stores of a scope the apps run on, and race-content-api started from its entry point on them.
import { JwtService } from '@nestjs/jwt';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import type { MongoClient } from 'mongodb';
import type { RunningEntryPoint, TestScope } from '@platform/testing/harness';
import { answers, appEntry, startApp, type Target } from './bench-kit';

export const BENCH_SECRET = 'race-content-bench-secret-0123456789abcdef';

/** A platform access token of the given role, signed with the secret the benched API is started with. */
export const benchToken = (role: 'viewer' | 'member') =>
  new JwtService().sign({ sub: '1', role, type: 'access' }, { secret: BENCH_SECRET, algorithm: 'HS256', expiresIn: 3600 });

/** A MongoDB database, queue prefix and bucket of the scope's own, for the race content apps of one bench. */
export interface RaceContentStores {
  db: string;
  queuePrefix: string;
  bucket: string;
}

export function raceContentStores(scope: TestScope, label?: string): RaceContentStores {
  return { db: scope.mongoDatabase(label), queuePrefix: scope.queuePrefix(RACE_CONTENT_QUEUE_LIST, label), bucket: scope.bucket(label) };
}

/** The environment every race content app of a bench shares: its stores on the local services. */
export function appEnv(services: Record<string, string>, stores: RaceContentStores, port: number, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MONGODB_URI: services.MONGODB_URI,
    MONGODB_DB: stores.db,
    AMQP_URL: services.AMQP_URL,
    QUEUE_PREFIX: stores.queuePrefix,
    ...extra,
  };
}

/**
 * race-content-api as its own process on the bench's stores, with the local S3 and the bench's JWT secret; once it answers.
 * `entry`: its built entry point (or source, BENCH_FROM_SOURCE), or another that starts it (bench:request-path's).
 */
export function startRaceContentApi(
  scope: TestScope,
  services: Record<string, string>,
  stores: RaceContentStores,
  port: number,
  extra: Record<string, string> = {},
  entry = appEntry('race-content-api'),
): Promise<RunningEntryPoint> {
  const env = appEnv(services, stores, port, {
    S3_ENDPOINT: services.S3_ENDPOINT,
    S3_BUCKET: stores.bucket,
    S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
    S3_CREATE_BUCKET: 'false',
    JWT_SECRET: BENCH_SECRET,
    REDIS_URL: services.REDIS_URL,
    AUTH_KEY_PREFIX: scope.redisPrefix('auth'),
    ...extra,
  });
  return startApp(scope, entry, env, answers(`http://127.0.0.1:${port}/v1/ping`), 90_000);
}

/** What a race content figure must be: within 1.2x of the same work straight through the driver. */
export const DRIVER_RATIO: Target = { op: '<', limit: 1.2, ofFloor: true };

/**
 * The targets of the race content benches' figures, for the store `client` is on: the app-to-driver ratio always,
 * the absolute target only on MongoDB. FerretDB 1.24 (the local default, on its PostgreSQL backend; its buildInfo names
 * its version) sorts, counts and applies every filter but a scalar equality in Go over every document of the
 * collection, so it decides the absolute figures: there only the ratio is judged, and one line says so. `label` names the absolute target in the figure when it is not judged.
 */
export async function raceTargets(client: MongoClient) {
  const info = await client.db('admin').command({ buildInfo: 1 });
  const ferret = typeof info.ferretdbVersion === 'string';
  if (ferret) {
    console.log(
      `store: FerretDB ${info.ferretdbVersion} (MongoDB protocol): it decides the absolute figures (sorts and most filters ` +
        'in Go over every document), ' +
        "so only the app-to-driver ratio is judged (< 1.2x); the absolute targets are MongoDB's, not judged here",
    );
  }
  return {
    targets: (absolute: Target): Target[] => (ferret ? [DRIVER_RATIO] : [DRIVER_RATIO, absolute]),
    label: (absolute: string) => (ferret ? `; MongoDB target ${absolute}, not judged on FerretDB` : ''),
  };
}

/**
 * The app's call and the same work through the driver, `runs` times each, run by run, alternating which goes first
 * (on FerretDB the first of a pair warms the store's cache for the second); their times in ms, in run order.
 */
export async function interleaved(runs: number, app: (run: number) => Promise<unknown>, floor: (run: number) => Promise<unknown>) {
  const times = { app: [] as number[], floor: [] as number[] };
  const time = async (which: 'app' | 'floor', run: number) => {
    const started = performance.now();
    await (which === 'app' ? app : floor)(run);
    times[which].push(performance.now() - started);
  };
  for (let run = 0; run < runs; run++) {
    for (const which of run % 2 ? (['floor', 'app'] as const) : (['app', 'floor'] as const)) await time(which, run);
  }
  return times;
}
