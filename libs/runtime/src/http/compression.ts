import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** The content codings answers are compressed with, preferred in this order when a client weighs them alike. */
export const RESPONSE_CODINGS = ['br', 'gzip'] as const;
export type ResponseCoding = (typeof RESPONSE_CODINGS)[number] | 'identity';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const CODINGS = [...RESPONSE_CODINGS];
const GZIP_ALIASES = /\*|x-gzip/gu;

/**
 * The coding an answer is sent with for this Accept-Encoding (q-values honoured), the same choice @fastify/compress
 * makes below: identity when the header is absent or names neither br nor gzip. Routes that send bytes they encoded
 * themselves (the public slots) choose with this, so the plugin never encodes their answers a second time.
 */
export function responseCoding(acceptEncoding: string | string[] | undefined): ResponseCoding {
  if (typeof acceptEncoding !== 'string' || acceptEncoding === '') return 'identity';
  // As the plugin reads it: `*` (no preference) and x-gzip are gzip, and identity is what is left when neither is acceptable.
  return negotiate(acceptEncoding.toLowerCase().replace(GZIP_ALIASES, 'gzip'), CODINGS) ?? 'identity';
}

/**
 * Every answer of 1 KB or more in a compressible type (JSON, HTML, text) is compressed by Accept-Encoding: brotli at the
 * plugin's quality 4 or gzip. A request without Accept-Encoding gets identity; an answer a route encoded itself
 * (Content-Encoding set) is left alone. Registered on the root before any route, so its per-route onSend hook runs
 * after the app-level ones (the test kit's document check sees bodies before they are encoded).
 */
export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(compress, {
    globalCompression: true,
    // Request bodies are never inflated (a body in a content coding is refused with 415 before it is read).
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...RESPONSE_CODINGS],
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * JSON bytes in a coding, made in zlib's thread pool: brotli at `brotliQuality` in text mode sized to the bytes, gzip at
 * zlib's default level, identity as they are. For answers a route encodes itself (kept ones, prepared ones).
 */
export function encodeBody(identity: Buffer, coding: ResponseCoding, brotliQuality: number): Promise<Buffer> {
  if (coding === 'identity') return Promise.resolve(identity);
  if (coding === 'gzip') return gzipped(identity);
  return brotli(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
}
