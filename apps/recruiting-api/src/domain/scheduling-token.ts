import { createHash, randomBytes } from 'node:crypto';

/** How long an invitation's link stays valid. */
export const SCHEDULING_TOKEN_TTL_MS = 14 * 24 * 3600 * 1000;

/** A new scheduling token: 256 random bits, base64url (43 characters); only its digest is stored. */
export function newSchedulingToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSchedulingToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
