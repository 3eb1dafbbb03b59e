// What the race content benches share: the local services' addresses, the bench's access tokens, a percentile, and
// race-content-api started from its entry point on a bench database (each bench then loads and measures its own way).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { startEntryPoint, workspaceRoot } from '@platform/testing';

export const BENCH_SECRET = 'race-content-bench-secret-0123456789abcdef';

/** A platform access token of the given role, signed with the secret the benched API is started with. */
export const benchToken = (role: 'viewer' | 'member') =>
  new JwtService().sign({ sub: '1', role, type: 'access' }, { secret: BENCH_SECRET, algorithm: 'HS256', expiresIn: 3600 });

/** The local services' addresses, as scripts/services.sh wrote them. */
export function servicesEnv(): Record<string, string> {
  const text = readFileSync(join(workspaceRoot, '.data/services.env'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** The environment every app of a bench shares: its own database and queue prefix on the local services. */
export function appEnv(services: Record<string, string>, dbName: string, port: number, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MONGODB_URI: services.MONGODB_URI,
    MONGODB_DB: dbName,
    AMQP_URL: services.AMQP_URL,
    QUEUE_PREFIX: `${dbName}.`,
    ...extra,
  };
}

/** race-content-api as its own process on the bench database, with the local S3 and the bench's JWT secret. */
export function startRaceContentApi(services: Record<string, string>, dbName: string, port: number, extra: Record<string, string> = {}) {
  return startEntryPoint(
    'apps/race-content-api/src/main.ts',
    appEnv(services, dbName, port, {
      S3_ENDPOINT: services.S3_ENDPOINT,
      S3_BUCKET: dbName.replace(/_/g, '-'),
      S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
      S3_CREATE_BUCKET: 'false',
      JWT_SECRET: BENCH_SECRET,
      ...extra,
    }),
    30 * 60_000,
  );
}
