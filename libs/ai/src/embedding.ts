import OpenAI from 'openai';
import { z } from 'zod';
import { env } from '@platform/runtime';
import { measuredCall } from './ai-metrics';
import { AiProviderError, providerFailure } from './chat-model';

/**
 * Text embeddings: `local` hashes words and character pairs into a fixed vector (deterministic, no network;
 * development and tests), `openai` calls the embeddings route of an OpenAI-compatible API.
 */
export const embeddingEnv = z.object({
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: env.url(['http', 'https']).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_TIMEOUT_MS: env.positiveInt(60_000),
  AI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
});

export type EmbeddingEnv = z.infer<typeof embeddingEnv>;

export interface EmbeddingOptions {
  provider: 'local' | 'openai';
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** For an app schema's superRefine: the openai provider needs a key. */
export function checkEmbeddingEnv(e: EmbeddingEnv, ctx: z.RefinementCtx): void {
  if (e.AI_PROVIDER === 'openai' && !e.AI_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['AI_API_KEY'], message: 'required when AI_PROVIDER is openai' });
  }
}

export function embeddingOptionsFrom(e: EmbeddingEnv): EmbeddingOptions {
  return { provider: e.AI_PROVIDER, baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_EMBEDDING_MODEL, timeoutMs: e.AI_TIMEOUT_MS };
}

/** Turns text into a vector for cosine similarity. The DI token and the port in one. */
export abstract class TextEmbedder {
  abstract embed(text: string): Promise<number[]>;
}

/** Dimensions of the local embedding. */
export const LOCAL_EMBEDDING_DIMENSIONS = 256;

/** Text beyond this many characters does not change an embedding (both providers). */
export const EMBEDDING_TEXT_LIMIT = 8000;

/**
 * Words of Latin letters and digits, and pairs of neighbouring characters elsewhere (Japanese has no spaces),
 * in lower case.
 */
export function embeddingTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const run of text
    .slice(0, EMBEDDING_TEXT_LIMIT)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/^[a-z0-9]+$/.test(run)) {
      tokens.push(run);
      continue;
    }
    const chars = [...run];
    if (chars.length === 1) tokens.push(chars[0]);
    for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i] + chars[i + 1]);
  }
  return tokens;
}

/** 32-bit FNV-1a of the UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Unit-length copy of a vector (all zeros stays all zeros). */
export function normalized(vector: number[]): number[] {
  const length = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0));
  return length === 0 ? vector : vector.map((v) => v / length);
}

/** Cosine similarity of two vectors of the same length; 0 when either is all zeros. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Feature hashing of the tokens (a signed bucket each), log-scaled counts, unit length. */
export function localEmbedding(text: string, dimensions = LOCAL_EMBEDDING_DIMENSIONS): number[] {
  const counts = new Array<number>(dimensions).fill(0);
  for (const token of embeddingTokens(text)) {
    const hash = fnv1a(token);
    counts[hash % dimensions] += hash & 0x80000000 ? -1 : 1;
  }
  return normalized(counts.map((c) => Math.sign(c) * Math.log1p(Math.abs(c))));
}

export class LocalHashingEmbedder extends TextEmbedder {
  async embed(text: string): Promise<number[]> {
    return localEmbedding(text);
  }
}

/** The embeddings route of an OpenAI-compatible API; the client does not retry on its own. */
export class OpenAiEmbedder extends TextEmbedder {
  private readonly client: OpenAI;

  constructor(private readonly options: EmbeddingOptions) {
    super();
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: options.timeoutMs });
  }

  async embed(text: string): Promise<number[]> {
    let vector: unknown;
    try {
      const answer = await measuredCall('embeddings', this.options.model, () =>
        this.client.embeddings.create({
          model: this.options.model,
          input: text.slice(0, EMBEDDING_TEXT_LIMIT),
          encoding_format: 'float',
        }),
      );
      vector = answer.data?.[0]?.embedding;
    } catch (error) {
      throw providerFailure('Embedding request', error, this.options.apiKey);
    }
    if (!Array.isArray(vector) || vector.length === 0 || !vector.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw new AiProviderError('Embedding provider returned no vector');
    }
    return vector as number[];
  }
}

export function createEmbedder(options: EmbeddingOptions): TextEmbedder {
  return options.provider === 'openai' ? new OpenAiEmbedder(options) : new LocalHashingEmbedder();
}
