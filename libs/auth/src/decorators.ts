import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { Role } from './roles';

export const REQUIRED_ROLE = 'platform:auth:role';

/** The operation extension that carries a RequireRole to the document, where `documentRequiredRole` reads it. */
export const REQUIRED_ROLE_EXTENSION = 'x-required-role';

/** Overrides the role derived from the HTTP method. */
export const RequireRole = (role: Role): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(REQUIRED_ROLE, role), ApiExtension(REQUIRED_ROLE_EXTENSION, role));

/** The authenticated principal a guard attached to the request. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<{ user?: unknown }>().user;
});
