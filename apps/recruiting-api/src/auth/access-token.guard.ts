import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { type AuthenticatedUser, JWT_AUTH_OPTIONS, JwtAuthGuard, type JwtAuthOptions } from '@platform/auth';
import { RecruitingDb } from '../database/recruiting-db';
import { RecruitingError } from '../recruiting.errors';
import { UsersRepository } from '../core/users.repository';

/**
 * The shared HS256 access-token check, plus one the token cannot carry: its user still exists. A token of a
 * deleted user answers 401 like any invalid one (one primary-key lookup per request).
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
    if (user && !(await this.users.exists(this.db, user.id))) {
      throw new RecruitingError('UNAUTHENTICATED', 'The bearer token is invalid or expired');
    }
    return true;
  }
}
