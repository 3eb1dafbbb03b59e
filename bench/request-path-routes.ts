// The three routes bench:request-path measures: how to start the app without given pieces of its request path, its
// floor (bare Nest doing the same), the request autocannon sends and the status every answer must have, and the data
// behind them (ten races with articles; a migrated recruiting database).
import { randomBytes } from 'node:crypto';
import { ensureIndexes, migrateDatabase } from '@platform/persistence';
import { COLLECTIONS, RACE_COLLECTIONS, RACE_CONTENT_INDEXES, type RaceDocument } from '@platform/race-content-data';
import type { RequestPathPiece } from '@platform/runtime';
import { freePort, type RunningEntryPoint, type TestScope } from '@platform/testing/harness';
import { MongoClient } from 'mongodb';
import { RECRUITING_DATABASE } from '../apps/recruiting-api/src/database/database';
import { startApp, stopProcess } from './bench-kit';
import { BENCH_SECRET, benchToken, raceContentStores, startRaceContentApi } from './race-content-kit';

export interface Server {
  url: string;
  pid: number;
  stop: () => Promise<void>;
  /** The server's last warnings and errors (log lines at level 40 or above), for a failure's message. */
  complaints: () => string[];
}

export interface RouteBench {
  /** `METHOD /path`, as the summary lines name it. */
  key: string;
  title: string;
  /** The pieces of the request path this route runs through, each measured by leaving it out. */
  pieces: RequestPathPiece[];
  /** The app, without the pieces named (comma-separated; '' for the full app). */
  app: (without: string) => Promise<Server>;
  /** Bare Nest on Fastify doing the same parsing, validation and store calls. */
  floor: () => Promise<Server>;
  load: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; status: number };
  /** The fixed request rate the pieces are measured at: well below what the slowest server of the route saturates at. */
  costRate: number;
  /** The route the 0.85 and 5 ms targets are set on. */
  cheapest?: boolean;
}

/** Connections per recruiting app and per floor: eleven apps of ten each would pass PostgreSQL's max_connections. */
const REFRESH_POOL = 4;

const PRODUCTION = { NODE_ENV: 'production', LOG_LEVEL: 'info', METRICS_ENABLED: 'false' };

function serverOf(url: string, process: RunningEntryPoint, what: string): Server {
  return {
    url,
    pid: process.pid,
    stop: () => stopProcess(what, process.kill, process.exited),
    complaints: () => process.lines.filter((line) => /"level":(4|5|6)0/.test(line)).slice(-3),
  };
}

/** True once the URL answers at all (a route that needs a token answers 401 to the probe). */
const listens = (url: string) => () =>
  fetch(url).then(
    (res) => (void res.body?.cancel(), true),
    () => false,
  );

async function seedRaces(uri: string, db: string): Promise<void> {
  const client = await MongoClient.connect(uri);
  try {
    const races = client.db(db).collection<RaceDocument>(RACE_COLLECTIONS.horse_racing);
    const docs: RaceDocument[] = Array.from({ length: 10 }, (_, i) => ({
      _id: `rp-${i}`,
      name: `2026-11-${String(i + 1).padStart(2, '0')}_東京_${i + 1}R_天皇賞`,
      race_result_json: JSON.stringify({ race_id: `rp-${i}`, entries: [{ rank: 1, number: 3, name: 'ハヤテ', time: '1:58.0' }] }),
      prediction_json: null,
      created_at: i,
      updated_at: i,
      deleted_at: null,
    }));
    await races.insertMany(docs);
    await client
      .db(db)
      .collection(COLLECTIONS.articles)
      .insertMany(
        docs.map((race, i) => ({
          race_id: race._id,
          title: `${race.name} 回顧`,
          body_html: '<p>本文</p>',
          status: i % 2 ? 'draft' : 'published',
          opening_at: i,
          closing_at: null,
          accuracy_test_data_json: null,
          generation_error: null,
          custom_prompt: null,
          created_at: i,
          updated_at: i,
          deleted_at: null,
        })),
      );
    await ensureIndexes(client.db(db), RACE_CONTENT_INDEXES);
  } finally {
    await client.close();
  }
}

export async function startRoutes(scope: TestScope, services: Record<string, string>): Promise<RouteBench[]> {
  const stores = raceContentStores(scope);
  await seedRaces(services.MONGODB_URI, stores.db);
  const database = await scope.database();
  await migrateDatabase(database.url, RECRUITING_DATABASE);

  const raceContent = (path: string) => async (without: string) => {
    const port = await freePort();
    const app = await startRaceContentApi(
      scope,
      services,
      stores,
      port,
      { ...PRODUCTION, BENCH_WITHOUT: without },
      'bench/request-path-race-content.ts',
    );
    return serverOf(`http://127.0.0.1:${port}${path}`, app, `race-content-api without ${without || 'nothing'}`);
  };
  const bareRaces = async () => {
    const port = await freePort();
    const env = { BARE_PORT: String(port), MONGODB_URI: services.MONGODB_URI, MONGODB_DB: stores.db, JWT_SECRET: BENCH_SECRET };
    const url = `http://127.0.0.1:${port}/v1/races?type=horse_racing`;
    return serverOf(url, await startApp(scope, 'bench/bare-nest-races-server.ts', env, listens(url)), 'bare Nest (races)');
  };
  const barePing = async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/v1/ping`;
    return serverOf(
      url,
      await startApp(scope, 'bench/bare-nest-ping-server.mjs', { BARE_PORT: String(port) }, listens(url)),
      'bare Nest (ping)',
    );
  };
  const recruitingEnv = {
    ...PRODUCTION,
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    JWT_SECRET: BENCH_SECRET,
    REDIS_URL: services.REDIS_URL,
    REDIS_KEY_PREFIX: scope.redisPrefix(),
    // Eleven apps at once stay within PostgreSQL's connections; the floor's pool is as large.
    DATABASE_POOL_SIZE: String(REFRESH_POOL),
  };
  const recruiting = async (without: string) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/v1/auth/refresh`;
    const env = { ...recruitingEnv, PORT: String(port), BENCH_WITHOUT: without };
    const app = await startApp(scope, 'bench/request-path-recruiting.ts', env, listens(`http://127.0.0.1:${port}/health/ready`));
    return serverOf(url, app, `recruiting-api without ${without || 'nothing'}`);
  };
  const bareRefresh = async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/v1/auth/refresh`;
    const env = { BARE_PORT: String(port), DATABASE_URL: database.url, POOL_SIZE: String(REFRESH_POOL) };
    return serverOf(url, await startApp(scope, 'bench/bare-nest-refresh-server.ts', env, listens(url)), 'bare Nest (refresh)');
  };
  const everywhere: RequestPathPiece[] = ['request-id', 'request-log', 'input-checks', 'drain', 'compression', 'guards', 'pipes'];
  return [
    {
      key: 'GET /v1/ping',
      title: 'GET /v1/ping (race-content-api, metrics and tracing off)',
      pieces: [...everywhere, 'response-schemas'],
      app: raceContent('/v1/ping'),
      floor: barePing,
      load: { method: 'GET', status: 200 },
      costRate: 8000,
      cheapest: true,
    },
    {
      key: 'POST /api/v1/auth/refresh',
      title: 'POST /api/v1/auth/refresh with a small JSON body, a refresh token no row names (recruiting-api)',
      pieces: [...everywhere, 'json-checks', 'interceptors'],
      app: recruiting,
      floor: bareRefresh,
      load: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: randomBytes(32).toString('base64url') }),
        status: 401,
      },
      costRate: 800,
    },
    {
      key: 'GET /v1/races',
      title: 'GET /v1/races?type=horse_racing with a viewer token, ten races (race-content-api)',
      // Not without pipes: the list's query becomes its DTO (defaults, numbers) in the validation pipe; bare Nest has one too.
      pieces: [...everywhere.filter((piece) => piece !== 'pipes'), 'response-schemas'],
      app: raceContent('/v1/races?type=horse_racing'),
      floor: bareRaces,
      load: { method: 'GET', headers: { authorization: `Bearer ${benchToken('viewer')}` }, status: 200 },
      costRate: 80,
    },
  ];
}
