import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';

/**
 * Hostile bodies for the bad-input sweep: what someone who wants to hurt a service sends to every route that reads a
 * body, with and without credentials. Compression bombs (a few KB that would inflate to tens of MB, in every coding and
 * nested), and JSON as wide and as deep as the route's own limit allows, and one byte past it. Each must be answered
 * with a 4xx within a time bound, and raise the process's peak memory by no more than a bound.
 */
export interface HostileBody {
  label: string;
  headers: Record<string, string>;
  body: Buffer;
  /** The only statuses a right answer may have, where one is certain. */
  statuses?: number[];
}

/**
 * What one request may cost the process serving it: CPU time (user and system, every thread), which a loaded machine
 * does not inflate as it does wall time, and the growth of the process's peak resident memory.
 */
export interface CostBounds {
  cpuMs: number;
  mb: number;
}

/** The inflated size of every bomb: far past any route's limit. */
const BOMB_INFLATED_BYTES = 32 * 1024 * 1024;

let bombs: HostileBody[] | undefined;

/** The compression bombs, built once per process (a JSON array of zeros, 32 MiB inflated, a few KB sent). */
export function compressionBombs(): HostileBody[] {
  if (bombs) return bombs;
  const inflated = Buffer.alloc(BOMB_INFLATED_BYTES, '0,');
  inflated[0] = 0x5b; // [
  inflated[inflated.length - 2] = 0x30; // 0
  inflated[inflated.length - 1] = 0x5d; // ]
  const gzip = gzipSync(inflated, { level: 9 });
  const json = { 'content-type': 'application/json' };
  // Refused before anything reads them, with or without credentials: no route takes a compressed body.
  const refused = [415];
  bombs = [
    { label: 'compression bomb: gzip', headers: { ...json, 'content-encoding': 'gzip' }, body: gzip },
    {
      label: 'compression bomb: br',
      headers: { ...json, 'content-encoding': 'br' },
      body: brotliCompressSync(inflated, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    },
    { label: 'compression bomb: deflate', headers: { ...json, 'content-encoding': 'deflate' }, body: deflateSync(inflated, { level: 9 }) },
    { label: 'compression bomb: nested gzip', headers: { ...json, 'content-encoding': 'gzip, gzip' }, body: gzipSync(gzip) },
    { label: 'compression bomb: upper-case coding', headers: { ...json, 'content-encoding': 'GZIP' }, body: gzip },
  ].map((bomb) => ({ ...bomb, statuses: refused }));
  return bombs;
}

/** A JSON text of exactly `bytes` bytes (bytes >= 8). */
function jsonOfSize(kind: 'wide array' | 'wide object' | 'deep nesting', bytes: number): Buffer {
  const body = Buffer.alloc(bytes, ' ');
  if (kind === 'wide array') {
    // [0,0,...,0] padded with trailing spaces (JSON allows them).
    const count = Math.floor((bytes - 2) / 2);
    body.fill('0,', 1, 1 + count * 2);
    body[0] = 0x5b;
    body[count * 2] = 0x5d;
  } else if (kind === 'wide object') {
    // {"k00000000":0,...}: keys of 9 characters, 14 bytes a member.
    const member = 14;
    const count = Math.floor((bytes - 2) / member);
    let at = 1;
    for (let i = 0; i < count; i++) at += body.write(`"k${i.toString(36).padStart(8, '0')}":0,`, at, 'latin1');
    body[0] = 0x7b;
    body[at - 1] = 0x7d;
  } else {
    const depth = Math.floor((bytes - 1) / 2);
    body.fill('[', 0, depth);
    body.write('0', depth);
    body.fill(']', depth + 1, depth + 1 + depth);
  }
  return body;
}

/** JSON at exactly the route's limit (wide and deep), and one byte past it. */
export function bodiesAtLimit(limitBytes: number): HostileBody[] {
  const json = { 'content-type': 'application/json' };
  return [
    ...(['wide array', 'wide object', 'deep nesting'] as const).map((kind) => ({
      label: `JSON at the limit: ${kind}`,
      headers: json,
      body: jsonOfSize(kind, limitBytes),
    })),
    // 401 when the route refuses the missing credentials first, else 413.
    { label: 'JSON one byte past the limit', headers: json, body: jsonOfSize('wide array', limitBytes + 1), statuses: [401, 413] },
  ];
}

/**
 * The bounds of a hostile request, in the test's process (which also sends it): without credentials, almost nothing
 * (the request is refused before its body is read; the body is only received and discarded); with them, what parsing
 * and refusing a body at the route's limit needs: 150 ms of CPU and 12 MB of memory per MiB of limit, on top.
 */
export function hostileBounds(credentials: boolean, limitBytes: number): CostBounds {
  const mib = limitBytes / (1024 * 1024);
  if (!credentials) return { cpuMs: 100 + 20 * mib, mb: 50 };
  return { cpuMs: 300 + 150 * mib, mb: 50 + 12 * mib };
}
