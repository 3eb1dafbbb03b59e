import { z } from 'zod';
import { env } from '@platform/runtime';

/**
 * AI_PROVIDER=local writes deterministically from the input data with no network (development, tests);
 * openai calls an OpenAI-compatible API at AI_BASE_URL (the provider's default when unset).
 */
export const aiEnv = z.object({
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: env.url(['http', 'https']).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: env.positiveInt(60_000),
});

export type AiEnv = z.infer<typeof aiEnv>;

export interface AiOptions {
  provider: 'local' | 'openai';
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** The rule across fields, for an app schema's superRefine: the openai provider needs a key. */
export function checkAiEnv(e: AiEnv, ctx: z.RefinementCtx): void {
  if (e.AI_PROVIDER === 'openai' && !e.AI_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['AI_API_KEY'], message: 'required when AI_PROVIDER is openai' });
  }
}

export function aiOptionsFrom(e: AiEnv): AiOptions {
  return { provider: e.AI_PROVIDER, baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS };
}
