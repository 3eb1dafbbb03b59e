import { IntField, type Presence, TextField } from '@platform/contracts';
import { EXAMPLE } from './examples';

/** Limits of race content's text fields (spec: not shown). */
export const LIMITS = {
  title: 500,
  /** Body HTML: within the 1 MiB body limit with room for the other fields. */
  bodyHtml: 500_000,
  raceId: 128,
  shortText: 100,
  url: 2048,
  id: 128,
} as const;

/** The last ms of year 9999: times beyond it are not times. */
export const MAX_TIME_MS = 253_402_300_799_999;

/** A time in ms since the epoch. */
export const TimeField = (options: Presence = {}) =>
  IntField({ min: 0, max: MAX_TIME_MS, description: 'A time, in ms since the epoch', ...options });

export const BodyHtmlField = (options: Presence = {}) =>
  TextField({
    max: LIMITS.bodyHtml,
    description: 'HTML fragment; sanitized on save (scripts, styles, event handlers and frames are removed)',
    ...options,
  });

export const RaceIdField = (options: Presence = {}) =>
  TextField({ min: 1, max: LIMITS.raceId, description: 'The race_id of a race', example: EXAMPLE.raceId, ...options });
