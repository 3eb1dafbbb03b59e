import { createHash } from 'node:crypto';
import { encodeBody, type ResponseCoding } from '@platform/runtime';

/**
 * Brotli quality for answers encoded once and sent many times: on the 577 KB month of slots quality 5 takes about
 * 10 ms and gives 96 KB, quality 4 about 9 ms for 108 KB, 8 about 40 ms for 95 KB, 11 over a second (docs/decisions.md).
 */
export const CACHED_BROTLI_QUALITY = 5;

/**
 * A JSON answer kept for many requests: its bytes, a weak ETag derived from them (the same on every replica, whatever
 * the coding), and each coding's bytes, made once, in the background (zlib's thread pool), when first asked for.
 */
export class EncodedAnswer {
  readonly identity: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<Exclude<ResponseCoding, 'identity'>, Promise<Buffer>>();

  constructor(
    readonly json: string,
    private readonly onEncode: (coding: Exclude<ResponseCoding, 'identity'>) => void = () => undefined,
  ) {
    this.identity = Buffer.from(json);
    this.etag = `W/"${createHash('sha256').update(this.identity).digest('base64url').slice(0, 27)}"`;
  }

  bytes(coding: ResponseCoding): Promise<Buffer> {
    if (coding === 'identity') return Promise.resolve(this.identity);
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      this.onEncode(coding);
      bytes = encodeBody(this.identity, coding, CACHED_BROTLI_QUALITY);
      this.encoded.set(coding, bytes);
    }
    return bytes;
  }
}

/**
 * Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for If-None-Match: W/"x" and "x"
 * match), or is `*`.
 */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
