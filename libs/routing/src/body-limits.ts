import type { AppName } from './route-table';

/**
 * The request body limits of the apps, for the edge: the edge refuses an oversized body itself (413 in the owning
 * service's error body), because an app that answers 413 before reading a body the client is still sending closes
 * the connection under the proxy, and clients then see a 502 or a reset instead of the answer. So the edge's limit
 * on each route is the app's own. Values come from the same variables and defaults the apps read.
 */
export interface UploadRoute {
  app: AppName;
  method: 'POST' | 'PUT';
  /** An anchored regular expression over the path (RE2 and JavaScript alike). */
  path: string;
  bytes: number;
}

export interface BodyLimits {
  /** Every other route of the app. */
  defaults: Partial<Record<AppName, number>>;
  uploads: UploadRoute[];
}

const MiB = 1024 * 1024;

/** Room for a multipart form's boundaries, part headers and text fields around a file at its limit. */
export const FORM_OVERHEAD_BYTES = MiB;

/** Fastify's default body limit, which every app keeps unless it says otherwise. */
export const DEFAULT_BODY_LIMIT_BYTES = MiB;

/** The defaults of the apps' own settings (their config.ts), used when the variable is unset. */
export const APP_LIMIT_DEFAULTS = {
  IMPORT_MAX_BYTES: 100 * MiB,
  MEDIA_MAX_BYTES: 200 * MiB,
  BODY_LIMIT_BYTES: 20 * MiB,
  /** race-content-api's JSON_FILE_MAX_BYTES (a race result or prediction file; a constant there). */
  RACE_FILE_BYTES: 10 * MiB,
} as const;

function bytesFrom(env: Record<string, string | undefined>, name: keyof typeof APP_LIMIT_DEFAULTS): number {
  const value = Number(env[name] || APP_LIMIT_DEFAULTS[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : APP_LIMIT_DEFAULTS[name];
}

/** The limits the apps enforce, from the environment they run with (IMPORT_MAX_BYTES, MEDIA_MAX_BYTES, BODY_LIMIT_BYTES). */
export function bodyLimits(env: Record<string, string | undefined> = {}): BodyLimits {
  const file = bytesFrom(env, 'RACE_FILE_BYTES') + FORM_OVERHEAD_BYTES;
  const media = bytesFrom(env, 'MEDIA_MAX_BYTES') + FORM_OVERHEAD_BYTES;
  return {
    defaults: {
      'recruiting-api': DEFAULT_BODY_LIMIT_BYTES,
      'survey-builder-api': bytesFrom(env, 'BODY_LIMIT_BYTES'),
      'race-content-api': DEFAULT_BODY_LIMIT_BYTES,
      'ai-webhook': DEFAULT_BODY_LIMIT_BYTES,
    },
    uploads: [
      {
        app: 'recruiting-api',
        method: 'POST',
        path: '^/api/v1/projects/[^/]+/candidates/import/upload$',
        bytes: bytesFrom(env, 'IMPORT_MAX_BYTES') + FORM_OVERHEAD_BYTES,
      },
      { app: 'race-content-api', method: 'POST', path: '^/v1/races$', bytes: file },
      { app: 'race-content-api', method: 'PUT', path: '^/v1/races/prediction$', bytes: file },
      { app: 'race-content-api', method: 'POST', path: '^/v1/medias$', bytes: media },
      { app: 'race-content-api', method: 'PUT', path: '^/v1/medias/[^/]+$', bytes: media },
    ],
  };
}
