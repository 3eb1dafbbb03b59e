import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Observable } from 'rxjs';
import { RaceContentError } from '../race-content.errors';

/** True when the handler reads the query string (a @Query() parameter). */
function takesQuery(context: ExecutionContext): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {}) as Record<string, unknown>;
  return Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.QUERY));
}

/**
 * Unknown query parameters are invalid input (422) on every route, not only on lists: a route that reads no
 * query refuses any, naming each. Lists refuse theirs through their query DTOs.
 */
@Injectable()
export class UndeclaredQueryInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http' && !takesQuery(context)) {
      const query = context.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query ?? {};
      const keys = Object.keys(query);
      if (keys.length > 0) {
        throw new RaceContentError(
          'VALIDATION_FAILED',
          `Invalid request: ${keys.join(', ')}`,
          keys.map((field) => ({ field, message: `property ${field} should not exist` })),
        );
      }
    }
    return next.handle();
  }
}
