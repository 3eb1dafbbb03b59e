import { Injectable } from '@nestjs/common';
import type { Db } from '../database/builder-db';

export interface UserRow {
  id: string;
  email: string;
  name: string;
}

const USER_COLUMNS = ['id', 'email', 'name'] as const;

@Injectable()
export class UsersRepository {
  async findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('user').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
  }

  /** Creates the user, or renames the one with this email; answers the row as stored. */
  async upsert(db: Db, email: string, name: string): Promise<UserRow> {
    return db
      .insertInto('user')
      .values({ email, name })
      .onConflict((conflict) => conflict.column('email').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), updatedAt: new Date() })))
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async existing(db: Db, ids: string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('user').select(USER_COLUMNS).where('id', 'in', ids).execute();
  }
}
