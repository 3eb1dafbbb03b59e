import { Injectable } from '@nestjs/common';
import type { Role } from '@platform/auth';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { RecruitingDb } from '../database/recruiting-db';
import { notFound, RecruitingError } from '../recruiting.errors';
import type { ListUsersQuery } from './dto/users.dto';
import { UsersRepository } from '../core/users.repository';
import { toUserResponse } from '../core/user.mapper';
import { type UserResponse } from '../core/dto/user.response';

@Injectable()
export class UsersService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly users: UsersRepository,
  ) {}

  async list(query: ListUsersQuery): Promise<PaginatedResult<UserResponse>> {
    const { rows, total } = await this.users.page(this.db, query, offsetOf(query.page, query.limit), query.limit);
    return PaginatedResult.of(rows.map(toUserResponse), query.page, query.limit, total);
  }

  /** Changes a user's role; the last administrator cannot be demoted (409), even by two demotions at once. */
  async changeRole(userId: number, role: Role): Promise<UserResponse> {
    return this.db.transaction().execute(async (trx) => {
      const admins = await this.users.lockAdminIds(trx);
      if (role !== 'admin' && admins.length === 1 && admins[0] === userId) {
        throw new RecruitingError('CONFLICT', 'The last administrator cannot be given another role');
      }
      const updated = await this.users.setRole(trx, userId, role);
      if (!updated) throw notFound('The user does not exist');
      return toUserResponse(updated);
    });
  }
}
