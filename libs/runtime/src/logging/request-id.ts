import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller-supplied id is kept only when it is short and plain, so it cannot forge log lines. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's x-request-id when acceptable, otherwise a new one. */
export function requestIdFor(given: unknown): string {
  return typeof given === 'string' && ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
}
