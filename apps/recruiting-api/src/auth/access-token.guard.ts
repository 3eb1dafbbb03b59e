import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { type AuthenticatedUser, JWT_AUTH_OPTIONS, JwtAuthGuard, type JwtAuthOptions } from '@platform/auth';
import { RecruitingDb } from '../database/recruiting-db';
import { RecruitingError } from '../recruiting.errors';
import { UsersRepository } from '../database/repositories/users.repository';

/**
 * The shared HS256 access-token check, then what the token cannot know, read from recruiting's own users table (one
 * primary-key lookup per request): the user still exists (a deleted user's token answers 401 like any invalid one),
 * and the role the user has now, which replaces the token's, so a role change holds here on the next request.
 */
@Injectable()
export class AccessTokenGuard extends JwtAuthGuard {
  constructor(
    @Inject(JWT_AUTH_OPTIONS) options: JwtAuthOptions,
    private readonly db: RecruitingDb,
    private readonly users: UsersRepository,
  ) {
    super(options);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user) return true;
    const role = await this.users.roleOf(this.db, user.id);
    if (role === undefined) throw new RecruitingError('UNAUTHENTICATED', 'The bearer token is invalid or expired');
    user.role = role;
    return true;
  }
}
