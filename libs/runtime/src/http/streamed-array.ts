import { Readable } from 'node:stream';
import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Serialize = (value: unknown) => string;

/** What the array of a streamed answer is documented as: one element's serializer per route schema, compiled once. */
const elementSerializers = new WeakMap<object, Serialize>();

/** Stands for the array while the envelope around it is serialized (no JSON text the envelope holds contains it). */
const PLACEHOLDER = '\u0000streamed array\u0000';

export interface StreamedArrayAnswer<T> {
  statusCode: number;
  /** The answer around the array (the service's success envelope), called once with what stands for the array. */
  envelope: (array: unknown) => object;
  /** The array's elements, in order; one is asked for only once the client has taken the bytes of those before. */
  items: AsyncIterable<T>;
}

/**
 * A documented JSON answer that is an envelope around one array, sent as a stream, one element at a time, so that
 * what the process holds for it is one element, not the whole answer: for answers that grow without a bound of their
 * own (a survey's version history, every version with its snapshot). Each element is serialized with the route's
 * documented schema for it (the same fast-json-stringify output the whole answer would have had, so the bytes are those
 * a buffered answer would have sent) and asked for only when the bytes before it have gone out (backpressure). The
 * compression plugin encodes the stream as it encodes any answer.
 *
 * The first element is read before anything is sent: a failure there (a database that does not answer) is an ordinary
 * error answer. A failure after that, once the status has gone (it is sent as the stream starts), cuts the answer
 * short: the stream is destroyed with the error, Fastify destroys the connection, and the client sees a body that ends
 * without the chunked encoding's last chunk (an error, never a shorter JSON array that parses). A client that leaves,
 * or a HEAD request, ends the iteration (the producer's `finally` runs) and nothing more is read.
 */
export async function streamedJsonArray<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { statusCode, envelope, items }: StreamedArrayAnswer<T>,
): Promise<Readable> {
  const wrapped = JSON.stringify(envelope(PLACEHOLDER));
  const marker = JSON.stringify(PLACEHOLDER);
  const at = wrapped.indexOf(marker);
  const field = Object.entries(envelope(PLACEHOLDER)).find(([, value]) => value === PLACEHOLDER)?.[0];
  if (at < 0 || field === undefined) throw new Error('the envelope of a streamed answer must hold the array as one of its fields');
  const head = Buffer.from(`${wrapped.slice(0, at)}[`);
  const tail = Buffer.from(`]${wrapped.slice(at + marker.length)}`);
  const serialize = elementSerializer(request, statusCode, field);

  const iterator = items[Symbol.asyncIterator]();
  const answer = () => reply.status(statusCode).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (request.method === 'HEAD') {
    await iterator.return?.();
    answer();
    return Readable.from([]);
  }
  const first = await iterator.next();
  answer();
  // The status and headers go out as the stream starts, before any body byte: a compressor holds its first bytes back
  // (brotli until some 100 KB of input), and a failure while none had gone would otherwise become an error answer sent
  // under the Content-Encoding already chosen, a body the client cannot decode. So a failure after this point always
  // cuts the answer short, whatever the coding.
  reply.raw.once('pipe', () => reply.raw.flushHeaders());
  return Readable.from(chunks(request, iterator, first, serialize, head, tail), { objectMode: false });
}

async function* chunks<T>(
  request: FastifyRequest,
  iterator: AsyncIterator<T>,
  first: IteratorResult<T>,
  serialize: Serialize,
  head: Buffer,
  tail: Buffer,
): AsyncGenerator<Buffer> {
  let sent = 0;
  let ended = false;
  try {
    yield head;
    for (let next = first; !next.done;) {
      yield Buffer.from(sent === 0 ? serialize(next.value) : `,${serialize(next.value)}`);
      sent += 1;
      try {
        next = await iterator.next();
      } catch (error) {
        ended = true;
        request.log.error({ err: error, elementsSent: sent }, 'a streamed answer failed after its first bytes: it is cut short');
        throw error;
      }
    }
    ended = true;
    yield tail;
  } finally {
    if (!ended) {
      // The client left (or the stream was destroyed otherwise): the producer stops here and frees what it holds.
      request.log.info({ elementsSent: sent }, 'a streamed answer was abandoned before its end');
      await iterator.return?.();
    }
  }
}

/** The route's documented serializer for one element of the array `field` of its `statusCode` answer (JSON.stringify if none). */
function elementSerializer(request: FastifyRequest, statusCode: number, field: string): Serialize {
  const response = (request.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[String(statusCode)] as
    { properties?: Record<string, { items?: object }> } | undefined;
  const schema = response?.properties?.[field]?.items;
  if (!schema) return JSON.stringify;
  let fast = elementSerializers.get(schema);
  if (!fast) elementSerializers.set(schema, (fast = fastJson(schema as Parameters<typeof fastJson>[0])));
  const compiled = fast;
  // As the platform's serializer does for whole answers: an element that does not fit is sent as it is, with a warning.
  return (value: unknown) => {
    try {
      return compiled(value);
    } catch (error) {
      request.log.warn({ err: (error as Error).message }, 'an element of a streamed answer does not fit its documented schema');
      return JSON.stringify(value);
    }
  };
}
