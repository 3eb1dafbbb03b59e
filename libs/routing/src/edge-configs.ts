import { bodyLimits } from './body-limits';
import type { EdgeConfig } from './caddyfile';
import { LOCAL_CONSOLE_ORIGIN } from './edge-policy';
import { APP_NAMES, APPS } from './route-table';

const apiApps = APP_NAMES.filter((app) => APPS[app].http === 'api');

/** The console origins CORS allows: CORS_ALLOWED_ORIGINS (comma-separated), else the local console. */
export function corsOriginsFrom(env: Record<string, string | undefined>): string[] {
  return (env.CORS_ALLOWED_ORIGINS ?? LOCAL_CONSOLE_ORIGIN)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** The local ports of an app's replicas: its own, then +100 for each further one (up.sh starts them there). */
export function replicaPorts(port: number, replicas: number): number[] {
  return Array.from({ length: replicas }, (_, i) => port + i * 100);
}

/**
 * The edge of README command 1: every app on 127.0.0.1 at its port (and its further replicas at +100, +200 with
 * REPLICAS), HTTP on EDGE_HTTP_PORT (8080) and HTTPS on EDGE_HTTPS_PORT (8443), under `dataDir` and `logDir`.
 */
export function localEdgeConfig(env: Record<string, string | undefined>, dataDir: string, logDir: string): EdgeConfig {
  const replicas = Math.max(1, Number(env.REPLICAS ?? 1) || 1);
  return {
    upstreams: Object.fromEntries(apiApps.map((app) => [app, replicaPorts(APPS[app].port, replicas).map((port) => `127.0.0.1:${port}`)])),
    bind: '127.0.0.1',
    httpPort: Number(env.EDGE_HTTP_PORT || 8080),
    https: { port: Number(env.EDGE_HTTPS_PORT || 8443), host: 'localhost' },
    storageDir: `${dataDir}/storage`,
    accessLog: `${logDir}/edge-access.log`,
    corsOrigins: corsOriginsFrom(env),
    bodyLimits: bodyLimits(env),
    healthChecks: true,
    ...(env.REFERENCE_DIR ? { referenceDir: env.REFERENCE_DIR } : {}),
  };
}

/** docker/Caddyfile: the apps by their compose service names, every interface, the CA on the edge's volume. */
export const COMPOSE_EDGE_CONFIG: EdgeConfig = {
  upstreams: Object.fromEntries(apiApps.map((app) => [app, [`${app}:${APPS[app].port}`]])),
  bind: '0.0.0.0',
  httpPort: 8080,
  https: { port: 8443, host: 'localhost' },
  storageDir: '/data/caddy',
  accessLog: 'stdout',
  corsOrigins: [LOCAL_CONSOLE_ORIGIN],
  bodyLimits: bodyLimits(),
  healthChecks: true,
};
