import { Transform, type TransformCallback } from 'node:stream';
import * as iconv from 'iconv-lite';

/** The encodings an export arrives in. */
export type TsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface DetectedEncoding {
  encoding: TsvEncoding;
  /** Bytes of the byte-order mark at the start (skipped before decoding). */
  bomLength: number;
}

/** The first bytes looked at when a file has no byte-order mark. */
export const DETECT_BYTES = 4096;

/**
 * The encoding of a file from its first bytes: a byte-order mark decides (UTF-16LE FF FE, UTF-16BE FE FF, UTF-8
 * EF BB BF); without one, UTF-16 shows as NUL bytes in every other position (ASCII tabs, digits and line breaks
 * have a zero high byte): NULs mostly at odd offsets mean little-endian, mostly at even offsets big-endian.
 * Anything else is read as UTF-8, strictly.
 */
export function detectEncoding(head: Buffer): DetectedEncoding {
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  const sample = head.subarray(0, DETECT_BYTES - (DETECT_BYTES % 2));
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) even++;
    else odd++;
  }
  const pairs = Math.floor(sample.length / 2);
  // A UTF-16 export of any script has a NUL in a good share of its code units (separators, digits, line breaks).
  if (pairs > 0 && odd >= pairs * 0.1 && odd > even * 4) return { encoding: 'utf-16le', bomLength: 0 };
  if (pairs > 0 && even >= pairs * 0.1 && even > odd * 4) return { encoding: 'utf-16be', bomLength: 0 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/** The bytes do not decode in the detected encoding. */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';
}

type ChunkDecoder = { write(chunk: Buffer): string; end(): string };

/** UTF-8 strictly (a malformed sequence is an error, never a replacement character). */
function utf8Decoder(): ChunkDecoder {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const wrap = (run: () => string) => {
    try {
      return run();
    } catch {
      throw new DecodeError('The file is not valid UTF-8, UTF-16LE or UTF-16BE text');
    }
  };
  return {
    write: (chunk) => wrap(() => decoder.decode(chunk, { stream: true })),
    end: () => wrap(() => decoder.decode()),
  };
}

/** UTF-16 through iconv-lite, checked: an odd byte count or an unpaired surrogate is an error. */
function utf16Decoder(encoding: 'utf-16le' | 'utf-16be'): ChunkDecoder {
  const decoder = iconv.getDecoder(encoding, { stripBOM: false });
  let bytes = 0;
  let pendingHigh = '';
  const checked = (text: string, final: boolean): string => {
    let out = pendingHigh + text;
    pendingHigh = '';
    const last = out.charCodeAt(out.length - 1);
    if (!final && last >= 0xd800 && last <= 0xdbff) {
      pendingHigh = out.slice(-1);
      out = out.slice(0, -1);
    }
    if (!out.isWellFormed()) throw new DecodeError(`The file is not valid ${encoding.toUpperCase()} text (an unpaired surrogate)`);
    return out;
  };
  return {
    write: (chunk) => {
      bytes += chunk.length;
      return checked(decoder.write(chunk), false);
    },
    end: () => {
      if (bytes % 2 !== 0) throw new DecodeError(`The file is not valid ${encoding.toUpperCase()} text (an odd number of bytes)`);
      return checked(decoder.end() ?? '', true);
    },
  };
}

/**
 * A stream of the file's bytes (byte-order mark included or not) to its text, in chunks: nothing is held beyond
 * the chunk in hand. A file that does not decode fails the stream with DecodeError.
 */
export class StrictDecodeStream extends Transform {
  private readonly decoder: ChunkDecoder;
  private skip: number;

  constructor(detected: DetectedEncoding) {
    super({ decodeStrings: true, readableObjectMode: false });
    this.skip = detected.bomLength;
    this.decoder = detected.encoding === 'utf-8' ? utf8Decoder() : utf16Decoder(detected.encoding);
    this.setEncoding('utf8');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      let bytes = chunk;
      if (this.skip > 0) {
        const skipped = Math.min(this.skip, bytes.length);
        bytes = bytes.subarray(skipped);
        this.skip -= skipped;
      }
      const text = this.decoder.write(bytes);
      callback(null, text.length ? text : undefined);
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      const text = this.decoder.end();
      callback(null, text.length ? text : undefined);
    } catch (error) {
      callback(error as Error);
    }
  }
}
