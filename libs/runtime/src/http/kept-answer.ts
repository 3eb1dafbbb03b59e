import { createHash } from 'node:crypto';
import { type CallHandler, type ExecutionContext, type NestInterceptor, applyDecorators, UseInterceptors } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import { encodeBody, responseCoding, type ResponseCoding } from './compression';
import { sendPrepared } from './prepared-answer';
import { RawResponse } from './route-markers';

/**
 * Brotli quality for answers encoded once and sent many times: on a 577 KB month of public slots quality 5 takes about
 * 10 ms and gives 96 KB, quality 4 about 9 ms for 108 KB, 8 about 40 ms for 95 KB, 11 over a second (docs/decisions.md).
 */
export const KEPT_BROTLI_QUALITY = 5;

type Coding = Exclude<ResponseCoding, 'identity'>;

/**
 * A JSON answer kept for many requests: its bytes, a weak ETag derived from them (the same on every replica, whatever
 * the coding), and each coding's bytes, made once, in the background (zlib's thread pool), when first asked for.
 */
export class KeptAnswer {
  readonly identity: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<Coding, Promise<Buffer>>();

  constructor(
    readonly json: string,
    private readonly onEncode: (coding: Coding) => void = () => undefined,
  ) {
    this.identity = Buffer.from(json);
    this.etag = `W/"${createHash('sha256').update(this.identity).digest('base64url').slice(0, 27)}"`;
  }

  bytes(coding: ResponseCoding): Promise<Buffer> {
    if (coding === 'identity') return Promise.resolve(this.identity);
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      this.onEncode(coding);
      bytes = encodeBody(this.identity, coding, KEPT_BROTLI_QUALITY);
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

/**
 * The kept answers of one route, by the value its handler returned: the same value (the same object, which the service
 * keeps while its content stays the same) is presented and serialized once, and each coding encoded once. A value the
 * service no longer holds is forgotten with it.
 */
export class KeptAnswers<T extends object> {
  private readonly byValue = new WeakMap<T, KeptAnswer>();
  /** How many answers were serialized, and encoded by coding: what a test or a bench reads to see the work is kept. */
  readonly counts = { serialized: 0, br: 0, gzip: 0 };

  constructor(private readonly present: (value: T) => unknown) {}

  answerFor(value: T): KeptAnswer {
    let answer = this.byValue.get(value);
    if (!answer) {
      this.counts.serialized += 1;
      answer = new KeptAnswer(JSON.stringify(this.present(value)), (coding) => (this.counts[coding] += 1));
      this.byValue.set(value, answer);
    }
    return answer;
  }

  /**
   * Answers the request with the value's kept answer: its ETag and `Vary: Accept-Encoding`; 304 without a body when
   * If-None-Match names the ETag; else the bytes in the coding the client accepts (br, gzip, else identity).
   * Cache-Control stays as the route set it.
   */
  async send(request: FastifyRequest, reply: FastifyReply, value: T): Promise<Buffer | undefined> {
    const answer = this.answerFor(value);
    reply.header('etag', answer.etag).header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], answer.etag)) {
      reply.status(304);
      return undefined;
    }
    const coding = responseCoding(request.headers['accept-encoding']);
    return sendPrepared(reply, { statusCode: 200, bytes: await answer.bytes(coding), coding });
  }
}

const KEPT_ANSWERS = Symbol('kept-answers');

class KeptAnswerInterceptor<T extends object> implements NestInterceptor {
  constructor(private readonly kept: KeptAnswers<T>) {}

  intercept(context: ExecutionContext, next: CallHandler<T>): Observable<Buffer | undefined> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(mergeMap((value) => from(this.kept.send(request, reply, value))));
  }
}

/**
 * Declares a GET route whose answer is kept: its handler returns a domain value, the same object for as long as it has
 * not changed, and `present` makes the JSON body from it. The HTTP layer then serializes and encodes each value once,
 * gives it a weak ETag and answers If-None-Match with 304 (docs/decisions.md, "HTTP bytes in the HTTP layer"). The
 * services behind it never see a byte or an encoder.
 */
export function KeepsAnswer<T extends object>(present: (value: T) => unknown): MethodDecorator {
  const kept = new KeptAnswers(present);
  const keep: MethodDecorator = (_target, _key, descriptor) => {
    Reflect.defineMetadata(KEPT_ANSWERS, kept, descriptor.value as object);
  };
  return applyDecorators(RawResponse(), UseInterceptors(new KeptAnswerInterceptor(kept)), keep);
}

/** The kept answers of a handler declared with @KeepsAnswer (`Controller.prototype.method`), for tests and benches. */
export function keptAnswersOf(handler: object): KeptAnswers<object> {
  const kept = Reflect.getMetadata(KEPT_ANSWERS, handler) as KeptAnswers<object> | undefined;
  if (!kept) throw new Error('not a handler declared with @KeepsAnswer');
  return kept;
}
