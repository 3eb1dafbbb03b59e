import { Injectable } from '@nestjs/common';
import type { UserResponse } from '../shared-dto/user.response';
import { toUserResponse } from '../shared-dto/user.mapper';
import { UsersRepository } from '../database/repositories/users.repository';
import { RecruitingDb } from '../database/recruiting-db';
import { RecruitingError } from '../recruiting.errors';

/** The signed-in user (GET /api/v1/auth/me). */
@Injectable()
export class CurrentUserService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly users: UsersRepository,
  ) {}

  async get(userId: number): Promise<UserResponse> {
    const row = await this.users.find(this.db, userId);
    if (!row) throw new RecruitingError('UNAUTHENTICATED', 'The bearer token is invalid or expired');
    return toUserResponse(row);
  }
}
