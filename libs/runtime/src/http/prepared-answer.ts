import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES, encodeBody, responseCoding, type ResponseCoding } from './compression';

/** The compression plugin's own brotli quality (its recommended default), so a prepared answer is coded as any other. */
const BROTLI_QUALITY = 4;

/** A JSON answer already serialized by its route's schema and encoded for the client that asked for it. */
export interface PreparedAnswer {
  statusCode: number;
  bytes: Buffer;
  coding: ResponseCoding;
}

/**
 * Serializes `body` with the route's documented serializer for `statusCode` (JSON.stringify if it has none) and encodes
 * it as the client accepts (br, gzip, else identity; answers under the compression threshold stay identity), the same
 * choices the compression plugin makes, without sending anything. For a route whose answer is ready while the database
 * still works on the request (a save copying a version): the serializing and encoding run in that wait instead of
 * after it. Nothing is set on the reply: should the work still fail, its error answer goes out as any other.
 */
export async function prepareAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  body: unknown,
): Promise<PreparedAnswer> {
  // The serializer the platform compiled from the route's documented schema (a string, or bytes for a large body).
  const serialize = reply.getSerializationFunction(String(statusCode)) as ((value: unknown) => string | Buffer) | undefined;
  const serialized = serialize ? serialize(body) : JSON.stringify(body);
  const identity = typeof serialized === 'string' ? Buffer.from(serialized) : serialized;
  const coding = identity.length < COMPRESS_THRESHOLD_BYTES ? 'identity' : responseCoding(request.headers['accept-encoding']);
  const bytes = await encodeBody(identity, coding, BROTLI_QUALITY);
  return { statusCode, bytes, coding };
}

/**
 * Sets the prepared answer's status and headers on the reply and gives the bytes to send (a route returns them; the
 * compression plugin leaves an answer that names its Content-Encoding alone).
 */
export function sendPrepared(reply: FastifyReply, answer: PreparedAnswer): Buffer {
  reply.status(answer.statusCode).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (answer.coding !== 'identity') reply.header('content-encoding', answer.coding);
  return answer.bytes;
}
