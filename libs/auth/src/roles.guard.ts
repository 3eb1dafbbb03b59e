import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@platform/contracts';
import { IS_PUBLIC } from '@platform/runtime';
import { REQUIRED_ROLE } from './decorators';
import type { AuthenticatedUser } from './jwt-auth.guard';
import { defaultRoleFor, type Role, roleSatisfies } from './roles';

/**
 * Authorizes by role after JwtAuthGuard: viewer reads, member and admin write (403 FORBIDDEN otherwise).
 * A route may demand more with @RequireRole.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<{ method: string; user?: AuthenticatedUser }>();
    if (!request.user) throw new DomainError('UNAUTHENTICATED', 'A bearer token is required');
    const needed = this.reflector.getAllAndOverride<Role>(REQUIRED_ROLE, targets) ?? defaultRoleFor(request.method);
    if (!roleSatisfies(request.user.role, needed)) {
      throw new DomainError('FORBIDDEN', `This operation needs the ${needed} role or above`);
    }
    return true;
  }
}
