import { Injectable } from '@nestjs/common';
import type { Role } from '@platform/auth';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { RecruitingDb } from '../database/recruiting-db';
import { RecruitingError } from '../recruiting.errors';
import type { ListUsersQuery, UserResponse } from './dto/users.dto';
import { type UserRow, UsersRepository } from './users.repository';

export const toUserResponse = (row: UserRow): UserResponse => ({
  id: row.id,
  email: row.email,
  name: row.name,
  picture: row.picture,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

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

  async get(userId: number): Promise<UserResponse> {
    const row = await this.users.find(this.db, userId);
    if (!row) throw new RecruitingError('UNAUTHENTICATED', 'The bearer token is invalid or expired');
    return toUserResponse(row);
  }

  /** Changes a user's role; the last administrator cannot be demoted (409), even by two demotions at once. */
  async changeRole(userId: number, role: Role): Promise<UserResponse> {
    return this.db.transaction().execute(async (trx) => {
      const admins = await this.users.lockAdminIds(trx);
      if (role !== 'admin' && admins.length === 1 && admins[0] === userId) {
        throw new RecruitingError('CONFLICT', 'The last administrator cannot be given another role');
      }
      const updated = await this.users.setRole(trx, userId, role);
      if (!updated) throw new RecruitingError('NOT_FOUND', 'The user does not exist');
      return toUserResponse(updated);
    });
  }
}
