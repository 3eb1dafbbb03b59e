import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { pathOf, RAW_RESPONSE, routeMetadata } from '@platform/runtime';
import { builderEnvelope, type PublicEnvelope, type RecruitingEnvelope } from '../envelopes/envelopes';
import { PaginatedResult } from '../envelopes/pagination';

const PUBLIC_ENVELOPE = 'platform:public-envelope';
type EnvelopeKind = 'raw' | 'public' | 'service';

/** The route belongs to recruiting's public scheduling router, which answers only `{data}`. */
export const PublicEnvelopeResponse = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ENVELOPE, true);

function envelopeKind(context: ExecutionContext): EnvelopeKind {
  if (routeMetadata<boolean>(context, RAW_RESPONSE)) return 'raw';
  return routeMetadata<boolean>(context, PUBLIC_ENVELOPE) ? 'public' : 'service';
}

/** Wraps every recruiting success in `{success, status, statusCode, data, pagination?, path, method, timestamp}`. */
@Injectable()
export class RecruitingEnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const kind = envelopeKind(context);
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
          path: pathOf(request.url),
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
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (envelopeKind(context) === 'raw' || context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map(builderEnvelope));
  }
}
