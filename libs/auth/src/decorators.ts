import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from './roles';

export const REQUIRED_ROLE = 'platform:auth:role';

/** Overrides the role derived from the HTTP method. */
export const RequireRole = (role: Role): MethodDecorator & ClassDecorator => SetMetadata(REQUIRED_ROLE, role);

/** The authenticated principal a guard attached to the request. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<{ user?: unknown }>().user;
});
