import type { RouteBodyLimits } from '@platform/runtime';
import type { AppName } from './route-table';

/**
 * The request body limits of every route, in one table for the edge and the apps, so the two agree: the edge refuses a
 * body over its route's limit itself (413 in the owning service's error body) before anything reaches the app, and
 * the app enforces the same limit on what it reads. Every route takes its app's default unless listed here; the listed
 * ones take more (uploads, the builder's bundles) or far less (public routes that read a body before any credential
 * is checked). Values come from the same variables and defaults the apps read.
 */
export interface LimitedRoute {
  app: AppName;
  method: 'POST' | 'PUT' | 'PATCH';
  /** An anchored regular expression over the path (RE2 and JavaScript alike); a path parameter is `[^/]+`. */
  path: string;
  bytes: number;
  /**
   * How the app reads the body: `json` and `form` through Fastify's parsers, which enforce `bytes` themselves;
   * `multipart` streamed by the route, which enforces its file limit itself (the listed bytes add the form's overhead).
   */
  body: 'json' | 'form' | 'multipart';
}

export interface BodyLimits {
  /** Every other route of the app. */
  defaults: Partial<Record<AppName, number>>;
  routes: LimitedRoute[];
}

const KiB = 1024;
const MiB = 1024 * KiB;

/** Room for a multipart form's boundaries, part headers and text fields around a file at its limit. */
export const FORM_OVERHEAD_BYTES = MiB;

/** The body limit of every route not listed: 1 MiB (Fastify's default), far above any JSON body of the three APIs. */
export const DEFAULT_BODY_LIMIT_BYTES = MiB;

/**
 * Routes that read a body before any credential is checked (the credential is in the body or the path) take only what
 * their largest valid body needs, with room: a refresh token, twenty slots, the public page's form.
 */
export const PUBLIC_BODY_LIMITS = {
  refresh: 16 * KiB,
  submitAvailability: 64 * KiB,
  schedulePage: 64 * KiB,
} as const;

/** The defaults of the apps' own settings (their config.ts), used when the variable is unset. */
export const APP_LIMIT_DEFAULTS = {
  IMPORT_MAX_BYTES: 100 * MiB,
  MEDIA_MAX_BYTES: 200 * MiB,
  /** The survey builder's external bundles (POST /api/imports/survey-platform/bundle), its only large JSON body. */
  BUNDLE_MAX_BYTES: 20 * MiB,
  /** race-content-api's JSON_FILE_MAX_BYTES (a race result or prediction file; a constant there). */
  RACE_FILE_BYTES: 10 * MiB,
} as const;

function bytesFrom(env: Record<string, string | undefined>, name: keyof typeof APP_LIMIT_DEFAULTS): number {
  const value = Number(env[name] || APP_LIMIT_DEFAULTS[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : APP_LIMIT_DEFAULTS[name];
}

/** The limits the apps enforce, from the environment they run with (IMPORT_MAX_BYTES, MEDIA_MAX_BYTES, BUNDLE_MAX_BYTES). */
export function bodyLimits(env: Record<string, string | undefined> = {}): BodyLimits {
  const file = bytesFrom(env, 'RACE_FILE_BYTES') + FORM_OVERHEAD_BYTES;
  const media = bytesFrom(env, 'MEDIA_MAX_BYTES') + FORM_OVERHEAD_BYTES;
  return {
    defaults: {
      'recruiting-api': DEFAULT_BODY_LIMIT_BYTES,
      'survey-builder-api': DEFAULT_BODY_LIMIT_BYTES,
      'race-content-api': DEFAULT_BODY_LIMIT_BYTES,
      'ai-webhook': DEFAULT_BODY_LIMIT_BYTES,
    },
    routes: [
      { app: 'recruiting-api', method: 'POST', path: '^/api/v1/auth/refresh$', bytes: PUBLIC_BODY_LIMITS.refresh, body: 'json' },
      {
        app: 'recruiting-api',
        method: 'POST',
        path: '^/api/v1/scheduling/[^/]+/submit-availability$',
        bytes: PUBLIC_BODY_LIMITS.submitAvailability,
        body: 'json',
      },
      { app: 'recruiting-api', method: 'POST', path: '^/schedule/[^/]+$', bytes: PUBLIC_BODY_LIMITS.schedulePage, body: 'form' },
      {
        app: 'recruiting-api',
        method: 'POST',
        path: '^/api/v1/projects/[^/]+/candidates/import/upload$',
        bytes: bytesFrom(env, 'IMPORT_MAX_BYTES') + FORM_OVERHEAD_BYTES,
        body: 'multipart',
      },
      {
        app: 'survey-builder-api',
        method: 'POST',
        path: '^/api/imports/survey-platform/bundle$',
        bytes: bytesFrom(env, 'BUNDLE_MAX_BYTES'),
        body: 'json',
      },
      { app: 'race-content-api', method: 'POST', path: '^/v1/races$', bytes: file, body: 'multipart' },
      { app: 'race-content-api', method: 'PUT', path: '^/v1/races/prediction$', bytes: file, body: 'multipart' },
      { app: 'race-content-api', method: 'POST', path: '^/v1/medias$', bytes: media, body: 'multipart' },
      { app: 'race-content-api', method: 'PUT', path: '^/v1/medias/[^/]+$', bytes: media, body: 'multipart' },
    ],
  };
}

/**
 * What one app enforces of the table: its default, and its listed routes that Fastify's own parsers read (multipart
 * routes stream the body and enforce their file limit themselves). Every app's config passes this to the bootstrap.
 */
export function appBodyLimits(app: AppName, limits: BodyLimits = bodyLimits()): RouteBodyLimits {
  return {
    defaultBytes: limits.defaults[app] ?? DEFAULT_BODY_LIMIT_BYTES,
    routes: limits.routes
      .filter((route) => route.app === app && route.body !== 'multipart')
      .map(({ method, path, bytes }) => ({ method, path: new RegExp(path), bytes })),
  };
}
