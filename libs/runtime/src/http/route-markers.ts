import { applyDecorators, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { PUBLIC_OPERATION_EXTENSION } from './openapi';

export const IS_PUBLIC = 'platform:public';

/** The route needs no credentials (probes, login, public scheduling): authentication guards let it pass. */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION_EXTENSION, true));

export const RAW_RESPONSE = 'platform:raw-response';

/** The route answers as it is, outside the service's success envelope (probes, redirects, documents). */
export const RawResponse = (): MethodDecorator & ClassDecorator => SetMetadata(RAW_RESPONSE, true);

/** Route metadata read once per handler and controller, not on every request: it never changes after start-up. */
const routeMetadataCache = new Map<string, WeakMap<object, WeakMap<object, unknown>>>();

/**
 * A route marker as Nest's `Reflector.getAllAndOverride(key, [handler, class])` reads it (the handler's, else the
 * controller's), remembered per handler and controller. Guards and interceptors run on every request and would
 * otherwise walk the metadata maps each time.
 */
export function routeMetadata<T>(context: ExecutionContext, key: string): T | undefined {
  let byHandler = routeMetadataCache.get(key);
  if (!byHandler) routeMetadataCache.set(key, (byHandler = new WeakMap()));
  const handler = context.getHandler();
  const controller = context.getClass();
  let byClass = byHandler.get(handler);
  if (!byClass) byHandler.set(handler, (byClass = new WeakMap()));
  if (byClass.has(controller)) return byClass.get(controller) as T | undefined;
  const own = Reflect.getMetadata(key, handler) as T | undefined;
  const value = own !== undefined ? own : (Reflect.getMetadata(key, controller) as T | undefined);
  byClass.set(controller, value);
  return value;
}
