import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { RaceContentError } from '../race-content.errors';

/** Whether each handler reads the query string (a @Query() parameter), read from its metadata once. */
const readsQuery = new WeakMap<object, boolean>();

function takesQuery(context: ExecutionContext): boolean {
  const handler = context.getHandler();
  let takes = readsQuery.get(handler);
  if (takes === undefined) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {}) as Record<string, unknown>;
    takes = Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.QUERY));
    readsQuery.set(handler, takes);
  }
  return takes;
}

/**
 * Unknown query parameters are invalid input (422) on every route, not only on lists: a route that reads no
 * query refuses any, naming each. Lists refuse theirs through their query DTOs. A guard, after the access guards
 * (401 and 403 come first) and before the pipes, as the interceptor it replaces was: an interceptor would put every
 * request through an RxJS pipeline for a check that never needs the response.
 */
@Injectable()
export class UndeclaredQueryGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http' || takesQuery(context)) return true;
    const query = context.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query ?? {};
    const keys = Object.keys(query);
    if (keys.length > 0) {
      throw new RaceContentError(
        'VALIDATION_FAILED',
        `Invalid request: ${keys.join(', ')}`,
        keys.map((field) => ({ field, message: `property ${field} should not exist` })),
      );
    }
    return true;
  }
}
