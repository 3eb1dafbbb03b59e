import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseCoding, sendPrepared } from '@platform/runtime';
import { type EncodedAnswer, etagMatches } from '../core/encoded-answer';

/**
 * Sends a kept JSON answer in the coding the client accepts (br, gzip, else identity), with its ETag; 304 without a
 * body when If-None-Match names it. Cache-Control stays as the route set it.
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer): Promise<void> {
  reply.header('etag', answer.etag).header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    await reply.status(304).send();
    return;
  }
  const coding = responseCoding(request.headers['accept-encoding']);
  await reply.send(sendPrepared(reply, { statusCode: 200, bytes: await answer.bytes(coding), coding }));
}
