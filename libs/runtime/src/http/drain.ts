import type { IncomingMessage } from 'node:http';

export interface DrainLimits {
  maxBytes: number;
  maxMs: number;
}

/** The most of a refused body read and discarded after the answer, and for how long, before the connection is dropped. */
export const DRAIN_LIMITS: DrainLimits = { maxBytes: 128 * 1024 * 1024, maxMs: 10_000 };

/**
 * Answers a request whose body has not all arrived without resetting its connection. Closing a socket with unread bytes
 * makes the kernel send a reset, which can reach the client before the answer does (a proxy in between then reports a
 * 502): so the rest of the body is read and discarded, and the connection is then kept for the next request. Fastify
 * asks to close on every body it refused ("the client may send more data"), but the rest is read by the message's own
 * framing, so what comes after it is the next request: the close is taken back (a client told to keep the connection
 * must find it open). A client that sends more than `limits.maxBytes`, or for longer than `limits.maxMs`, is cut off:
 * draining is bounded like everything before credentials.
 */
export function holdUntilDrained(raw: IncomingMessage, reply: { removeHeader(name: string): unknown }, limits: DrainLimits): void {
  reply.removeHeader('connection');
  const socket = raw.socket;
  let received = 0;
  const cutOff = () => socket.destroy();
  const timer = setTimeout(cutOff, limits.maxMs).unref();
  raw.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.maxBytes) cutOff();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
}
