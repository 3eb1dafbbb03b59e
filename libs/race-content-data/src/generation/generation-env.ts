import { z } from 'zod';
import { env } from '@platform/runtime';
import { DEFAULT_NG_WORDS_CACHE_MS } from '../stores/ng-word-cache';

/**
 * The generation workers' own settings: how long the NG word list is cached, and when a document still generating
 * is taken as stuck (its jobs lost or dead-lettered) and released by the sweeper. The default of 15 minutes is well
 * past the longest a job can legitimately take: JOB_MAX_ATTEMPTS (3) x (AI_TIMEOUT_MS 60 s + JOB_RETRY_DELAY_MS).
 */
export const generationEnv = z.object({
  NG_WORDS_CACHE_MS: env.positiveInt(DEFAULT_NG_WORDS_CACHE_MS),
  GENERATION_STUCK_AFTER_MS: env.positiveInt(15 * 60_000),
  GENERATION_SWEEP_INTERVAL_MS: env.positiveInt(60_000),
});

export interface GenerationOptions {
  ngWordsCacheMs: number;
  stuckAfterMs: number;
  sweepIntervalMs: number;
}

export function generationOptionsFrom(e: z.infer<typeof generationEnv>): GenerationOptions {
  return {
    ngWordsCacheMs: e.NG_WORDS_CACHE_MS,
    stuckAfterMs: e.GENERATION_STUCK_AFTER_MS,
    sweepIntervalMs: e.GENERATION_SWEEP_INTERVAL_MS,
  };
}

/** The DI token of the GenerationOptions in a worker. */
export const GENERATION_OPTIONS = Symbol('GENERATION_OPTIONS');

/** The reason a sweeper records: `<What> did not finish within 15 min`. */
export function stuckReason(what: string, stuckAfterMs: number): string {
  const minutes = Math.round(stuckAfterMs / 60_000);
  return `${what} did not finish within ${minutes >= 1 ? `${minutes} min` : `${stuckAfterMs} ms`}`;
}
