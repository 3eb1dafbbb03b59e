import { Injectable } from '@nestjs/common';
import { BuilderDb } from '../database/builder-db';
import { type UserRow, UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly db: BuilderDb,
    private readonly users: UsersRepository,
  ) {}

  /**
   * The user with this email, created on first sight; a different name replaces the stored one. Reads
   * first, so the common request (a known user, same name) writes nothing.
   */
  async resolve(email: string, name: string | undefined): Promise<UserRow> {
    const known = await this.users.findByEmail(this.db, email);
    if (known && (name === undefined || known.name === name)) return known;
    return this.users.upsert(this.db, email, name ?? known?.name ?? email.split('@')[0]);
  }
}
