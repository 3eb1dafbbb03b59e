import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { IS_PUBLIC, routeMetadata } from '@platform/runtime';
import { REQUIRED_ROLE } from './decorators';
import type { AuthenticatedUser } from './jwt-auth.guard';
import { defaultRoleFor, type Role, roleSatisfies } from './roles';

/**
 * Authorizes by role after JwtAuthGuard: viewer reads, member and admin write (403 FORBIDDEN otherwise).
 * A route may demand more with @RequireRole.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (routeMetadata<boolean>(context, IS_PUBLIC)) return true;
    const request = context.switchToHttp().getRequest<{ method: string; user?: AuthenticatedUser }>();
    if (!request.user) throw new DomainError('UNAUTHENTICATED', 'A bearer token is required');
    const needed = routeMetadata<Role>(context, REQUIRED_ROLE) ?? defaultRoleFor(request.method);
    if (!roleSatisfies(request.user.role, needed)) {
      throw new DomainError('FORBIDDEN', `This operation needs the ${needed} role or above`);
    }
    return true;
  }
}
