import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { RAW_RESPONSE } from '@platform/runtime';
import type { BuilderEnvelope, PublicEnvelope, RecruitingEnvelope } from '../envelopes/envelopes';
import { PaginatedResult } from '../envelopes/pagination';

const PUBLIC_ENVELOPE = 'platform:public-envelope';
type EnvelopeKind = 'raw' | 'public' | 'service';

/** The route belongs to recruiting's public scheduling router, which answers only `{data}`. */
export const PublicEnvelopeResponse = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ENVELOPE, true);

function envelopeKind(reflector: Reflector, context: ExecutionContext): EnvelopeKind {
  const targets = [context.getHandler(), context.getClass()];
  if (reflector.getAllAndOverride<boolean>(RAW_RESPONSE, targets)) return 'raw';
  return reflector.getAllAndOverride<boolean>(PUBLIC_ENVELOPE, targets) ? 'public' : 'service';
}

/** Wraps every recruiting success in `{success, status, statusCode, data, pagination?, path, method, timestamp}`. */
@Injectable()
export class RecruitingEnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const kind = envelopeKind(this.reflector, context);
    if (kind === 'raw' || context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const response = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((value: unknown) => {
        if (response.statusCode === 204) return undefined;
        if (kind === 'public') return { data: value } satisfies PublicEnvelope<unknown>;
        const paged = value instanceof PaginatedResult ? value : undefined;
        const envelope: RecruitingEnvelope<unknown> = {
          success: true,
          status: 'success',
          statusCode: response.statusCode,
          data: paged ? paged.items : value,
          ...(paged ? { pagination: paged.pagination } : {}),
          path: request.url.split('?')[0],
          method: request.method,
          timestamp: new Date().toISOString(),
        };
        return envelope;
      }),
    );
  }
}

/** Wraps every survey builder success in `{ok: true, data}`. */
@Injectable()
export class BuilderEnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (envelopeKind(this.reflector, context) === 'raw' || context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((data: unknown) => ({ ok: true, data }) satisfies BuilderEnvelope<unknown>));
  }
}
