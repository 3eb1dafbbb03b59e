/** The six deployable apps and the port each listens on (locally and as its Kubernetes Service port). */
export const APPS = {
  'recruiting-api': { port: 3001, http: 'api' },
  'survey-builder-api': { port: 3002, http: 'api' },
  'race-content-api': { port: 3003, http: 'api' },
  'ai-webhook': { port: 3004, http: 'api' },
  'article-worker': { port: 3005, http: 'probes-only' },
  'blog-worker': { port: 3006, http: 'probes-only' },
} as const satisfies Record<string, { port: number; http: 'api' | 'probes-only' }>;

export type AppName = keyof typeof APPS;

export const APP_NAMES = Object.keys(APPS) as AppName[];

export interface Route {
  prefix: string;
  app: AppName;
}

/**
 * Path prefixes behind the edge, the single source of the cluster edge's HTTPRoutes
 * (k8s/edge.yaml), the local edge's Caddyfile and the local gateway. Longest prefix wins: /api/v1/surveys is
 * recruiting, /api/surveys the builder.
 */
export const ROUTES: readonly Route[] = [
  { prefix: '/api/v1/auth', app: 'recruiting-api' },
  { prefix: '/api/v1/projects', app: 'recruiting-api' },
  { prefix: '/api/v1/email-templates', app: 'recruiting-api' },
  { prefix: '/api/v1/scheduling', app: 'recruiting-api' },
  { prefix: '/api/v1/surveys', app: 'recruiting-api' },
  { prefix: '/api/v1/users', app: 'recruiting-api' },
  { prefix: '/schedule', app: 'recruiting-api' },
  { prefix: '/api/surveys', app: 'survey-builder-api' },
  { prefix: '/api/sections', app: 'survey-builder-api' },
  { prefix: '/api/questions', app: 'survey-builder-api' },
  { prefix: '/api/question-library', app: 'survey-builder-api' },
  { prefix: '/api/imports', app: 'survey-builder-api' },
  { prefix: '/api/theme-assists', app: 'survey-builder-api' },
  { prefix: '/api/survey-copies', app: 'survey-builder-api' },
  { prefix: '/v1', app: 'race-content-api' },
  { prefix: '/api/v1/webhooks', app: 'ai-webhook' },
  { prefix: '/api/v1/organizations', app: 'ai-webhook' },
];

/** True when `path` is `prefix` itself or lies below it (segment-wise: /v1 covers /v1/ping, not /v10). */
export function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The route serving `path` (query string ignored), the longest matching prefix, or undefined. */
export function resolveRoute(path: string, routes: readonly Route[] = ROUTES): Route | undefined {
  const bare = path.split('?')[0];
  let best: Route | undefined;
  for (const route of routes) {
    if (matchesPrefix(bare, route.prefix) && (!best || route.prefix.length > best.prefix.length)) best = route;
  }
  return best;
}
