import { Injectable, Logger } from '@nestjs/common';
import { type Role, UserVersionStore } from '@platform/auth';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { RecruitingDb } from '../database/recruiting-db';
import { notFound, RecruitingError } from '../recruiting.errors';
import type { ListUsersQuery } from './dto/users.dto';
import { UsersRepository } from '../database/repositories/users.repository';
import { toUserResponse } from '../shared-dto/user.mapper';
import { type UserResponse } from '../shared-dto/user.response';

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly db: RecruitingDb,
    private readonly users: UsersRepository,
    private readonly versions: UserVersionStore,
  ) {}

  async list(query: ListUsersQuery): Promise<PaginatedResult<UserResponse>> {
    const { rows, total } = await this.users.page(this.db, query, offsetOf(query.page, query.limit), query.limit);
    return PaginatedResult.of(rows.map(toUserResponse), query.page, query.limit, total);
  }

  /**
   * Changes a user's role; the last administrator cannot be demoted (409), even by two demotions at once. The user's
   * token version is bumped before the commit (a change that commits has always revoked the older tokens; when the
   * version store cannot be written the change is refused, 503, and nothing changes) and again after it (a token
   * signed meanwhile, which may carry the old role, is revoked too). Recruiting itself reads the role per request.
   */
  async changeRole(userId: number, role: Role): Promise<UserResponse> {
    const changed = await this.db.transaction().execute(async (trx) => {
      const admins = await this.users.lockAdminIds(trx);
      if (role !== 'admin' && admins.length === 1 && admins[0] === userId) {
        throw new RecruitingError('CONFLICT', 'The last administrator cannot be given another role');
      }
      const updated = await this.users.setRole(trx, userId, role);
      if (!updated) throw notFound('The user does not exist');
      await this.versions.bump(userId).catch((error: Error) => {
        this.logger.warn(`token version of user ${userId} not bumped, role change refused: ${error.message}`);
        throw new RecruitingError('SERVICE_UNAVAILABLE', 'The role cannot be changed now; try again shortly');
      });
      return toUserResponse(updated);
    });
    await this.versions
      .bump(userId)
      .catch((error: Error) => this.logger.warn(`second token version bump of user ${userId} failed: ${error.message}`));
    return changed;
  }
}
